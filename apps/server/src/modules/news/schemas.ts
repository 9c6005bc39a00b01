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
  { ...NewsItemSchema.properties, html: Type.String({ description: 'Текст новости, очищенный HTML' }) },
  { $id: 'NewsStory' },
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
