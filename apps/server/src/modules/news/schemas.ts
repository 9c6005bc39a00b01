import { Type } from 'typebox';

export const NewsItemSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    summary: Type.String({ description: 'Короткое описание для списка' }),
    publishedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'NewsItem' },
);

export const NewsStorySchema = Type.Object(
  {
    ...NewsItemSchema.properties,
    html: Type.String({ description: 'Текст новости, очищенный HTML' }),
    imageUrl: Type.Union([Type.String(), Type.Null()], { description: 'Картинка новости на этом сайте' }),
    imageAlt: Type.String({ description: 'Описание картинки для тех, кто её не видит' }),
  },
  { $id: 'NewsStory' },
);

/** What the editor writes: the story's address, title, summary, Markdown text and picture. */
export const StoryBody = Type.Object({
  slug: Type.String({
    maxLength: 100,
    description:
      'Адрес новости: латинские строчные буквы, цифры и дефисы (kak-vybrat-datu). Пустой — адрес составляется из заголовка транслитерацией («Сайт научился» → sayt-nauchilsya), с -2, -3…, если такой уже есть',
  }),
  title: Type.String({ minLength: 1, maxLength: 200, description: 'Заголовок' }),
  summary: Type.String({ minLength: 1, maxLength: 500, description: 'Короткое описание для списка' }),
  markdown: Type.String({ maxLength: 100_000, description: 'Текст в Markdown' }),
  imageId: Type.Optional(
    Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'Загруженная картинка' }),
  ),
  imageAlt: Type.Optional(Type.String({ maxLength: 300, description: 'Описание картинки' })),
});

export const STORY_STATES = ['draft', 'scheduled', 'published'] as const;
const StoryState = Type.Union(
  STORY_STATES.map((s) => Type.Literal(s)),
  { description: 'draft — черновик, scheduled — опубликуется в publishedAt, published — на сайте' },
);

export const StaffStorySchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    markdown: Type.String(),
    html: Type.String({ description: 'Очищенный HTML, как на странице новости' }),
    imageId: Type.Union([Type.String(), Type.Null()]),
    imageUrl: Type.Union([Type.String(), Type.Null()]),
    imageAlt: Type.String(),
    state: StoryState,
    publishedAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'StaffStory' },
);

export const StaffStoryItemSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    state: StoryState,
    publishedAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'StaffStoryItem' },
);

export const NewsPageSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('NewsItem')),
    page: Type.Integer({ description: 'Номер страницы, с 1' }),
    pageSize: Type.Integer(),
    totalRows: Type.Integer(),
  },
  { $id: 'NewsPage' },
);

export const NewsListQuery = Type.Object({
  Page: Type.Integer({ minimum: 1, maximum: 100_000, description: 'Номер страницы, с 1' }),
  PageSize: Type.Integer({ minimum: 1, maximum: 50, description: 'Новостей на странице' }),
});
