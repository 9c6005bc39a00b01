import { Alert, Button, FileButton, Image, Paper, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '../../../components/plain';
import { formatDateTime } from '../../../lib/format';
import { StoryHtml } from '../../news';
import {
  previewStory,
  type StaffStory,
  type StoryInput,
  staffMessage,
  uploadStoryImage,
  usePublishStory,
  useSaveStory,
} from '../api';
import { StoryStateBadge } from './state-badge';

const EMPTY: StoryInput = { slug: '', title: '', summary: '', markdown: '', imageId: null, imageAlt: '' };

/** Field messages of a refused save, by field. */
function fieldErrors(error: unknown): Record<string, string> {
  const body = (error as { result?: { errors?: Record<string, string[]> } } | null)?.result;
  return Object.fromEntries(Object.entries(body?.errors ?? {}).map(([k, v]) => [k, v.join(' ')]));
}

/** A story being written: its fields, the Markdown with a live preview as the story page will show it, and its publication. */
export function NewsEditor({ story }: { story: StaffStory | undefined }) {
  const [, navigate] = useLocation();
  const [input, setInput] = useState<StoryInput>(
    story
      ? {
          slug: story.slug,
          title: story.title,
          summary: story.summary,
          markdown: story.markdown,
          imageId: story.imageId,
          imageAlt: story.imageAlt,
        }
      : EMPTY,
  );
  const [imageUrl, setImageUrl] = useState<string | null>(story?.imageUrl ?? null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [at, setAt] = useState('');
  const save = useSaveStory(story?.id);
  const publish = usePublishStory(story?.id ?? 0);
  const [markdown] = useDebouncedValue(input.markdown, 300);
  const preview = useQuery({
    queryKey: ['staff', 'detail', { kind: 'preview', markdown }],
    queryFn: () => previewStory(markdown),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const errors = fieldErrors(save.error);
  // A story written as HTML (the demo's, an import's) has no Markdown: its text stays as it is until one is written.
  const htmlOnly = story !== undefined && story.markdown === '' && story.html !== '';
  const shown = htmlOnly && input.markdown.trim() === '' ? story.html : preview.data;
  // The value is read in the handler: React clears the event's currentTarget before a state updater runs.
  const set = (field: keyof StoryInput) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setInput((v) => ({ ...v, [field]: value }));
  };

  const onSave = () =>
    save.mutate(input, {
      onSuccess: (saved) => {
        // An address left empty was made from the title: the field shows it.
        if (saved) setInput((v) => ({ ...v, slug: saved.slug }));
        notifications.show({
          color: 'green',
          message: saved && input.slug.trim() === '' ? `Новость сохранена, адрес: ${saved.slug}` : 'Новость сохранена.',
        });
        if (!story && saved) navigate(`/staff/news/${saved.id}`, { replace: true });
      },
    });
  const onImage = async (file: File | null) => {
    if (!file) return;
    setImageError(null);
    try {
      const image = await uploadStoryImage(file);
      if (image) {
        setInput((v) => ({ ...v, imageId: image.id }));
        setImageUrl(image.url);
      }
    } catch (error) {
      setImageError(staffMessage(error));
    }
  };
  const dirty =
    story !== undefined &&
    (input.slug !== story.slug ||
      input.title !== story.title ||
      input.summary !== story.summary ||
      input.markdown !== story.markdown ||
      input.imageId !== story.imageId ||
      input.imageAlt !== story.imageAlt);

  return (
    <Stack>
      {story && (
        <Group gap="sm">
          <StoryStateBadge state={story.state} />
          {story.state !== 'draft' && (
            <Text size="sm">
              {story.state === 'scheduled' ? 'Опубликуется' : 'Опубликована'} {formatDateTime(story.publishedAt)}
            </Text>
          )}
          {story.state === 'published' && (
            <Anchor href={`/story/${story.slug}`} size="sm">
              Открыть на сайте
            </Anchor>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label="Заголовок"
          required
          value={input.title}
          onChange={set('title')}
          error={errors.title}
          maxLength={200}
        />
        <TextInput
          label="Адрес новости"
          description="Латинские буквы, цифры и дефисы: kak-vybrat-datu. Оставьте пустым — адрес составится из заголовка."
          value={input.slug}
          onChange={set('slug')}
          error={errors.slug}
          maxLength={100}
        />
      </SimpleGrid>
      <Textarea
        label="Краткое описание"
        description="Показывается в списке новостей"
        required
        autosize
        minRows={2}
        value={input.summary}
        onChange={set('summary')}
        error={errors.summary}
        maxLength={500}
      />
      <Group align="flex-end" gap="md">
        {imageUrl && <Image src={imageUrl} alt={input.imageAlt} h={80} w="auto" radius="sm" />}
        <FileButton onChange={onImage} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button variant="light" {...props}>
              {imageUrl ? 'Заменить картинку' : 'Добавить картинку'}
            </Button>
          )}
        </FileButton>
        {imageUrl && (
          <Button
            variant="subtle"
            onClick={() => {
              setInput((v) => ({ ...v, imageId: null }));
              setImageUrl(null);
            }}
          >
            Убрать картинку
          </Button>
        )}
        <TextInput
          label="Описание картинки"
          description="Для тех, кто её не видит"
          value={input.imageAlt ?? ''}
          onChange={set('imageAlt')}
          maxLength={300}
          style={{ flex: 1, minWidth: 220 }}
        />
      </Group>
      {imageError && (
        <Alert color="red" title="Картинка не загружена">
          {imageError}
        </Alert>
      )}
      {htmlOnly && (
        <Alert color="blue" title="Текст записан без Markdown">
          Эта новость пришла из демо-данных или импорта. Пока поле «Текст» пустое, её текст сохраняется как есть;
          напишите текст в Markdown, чтобы заменить его.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label="Текст (Markdown)"
          description="## Подзаголовок, **жирный**, *курсив*, [ссылка](https://…), списки через «-»"
          autosize
          minRows={14}
          value={input.markdown}
          onChange={set('markdown')}
          error={errors.markdown}
        />
        <Stack gap={4}>
          <Text fw={500} size="sm" id="story-preview-title">
            Как будет на сайте
          </Text>
          <Paper withBorder p="md" aria-labelledby="story-preview-title" role="region" mih={200}>
            <Title order={2} size="h3" mb="sm">
              {input.title || 'Заголовок'}
            </Title>
            {shown ? <StoryHtml html={shown} /> : <Text c="dimmed">Здесь появится текст.</Text>}
          </Paper>
        </Stack>
      </SimpleGrid>
      {save.error && !Object.keys(errors).length && (
        <Alert color="red" title="Не сохранено">
          {staffMessage(save.error)}
        </Alert>
      )}
      <Group>
        <Button onClick={onSave} loading={save.isPending}>
          {story ? 'Сохранить' : 'Сохранить черновик'}
        </Button>
      </Group>
      {story && (
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Публикация
            </Title>
            {dirty && <Text c="orange.9">Сначала сохраните изменения: публикуется сохранённый текст.</Text>}
            {publish.error && (
              <Alert color="red" title="Не получилось">
                {staffMessage(publish.error)}
              </Alert>
            )}
            <Group align="flex-end">
              {story.state !== 'published' && (
                <Button
                  disabled={dirty}
                  loading={publish.isPending}
                  onClick={() =>
                    publish.mutate(
                      { publish: true },
                      { onSuccess: () => notifications.show({ color: 'green', message: 'Новость опубликована.' }) },
                    )
                  }
                >
                  Опубликовать сейчас
                </Button>
              )}
              <TextInput
                type="datetime-local"
                label="Опубликовать в (время Москвы)"
                value={at}
                onChange={(e) => setAt(e.currentTarget.value)}
              />
              <Button
                variant="light"
                disabled={dirty || at === ''}
                loading={publish.isPending}
                onClick={() =>
                  publish.mutate(
                    { publish: true, at: new Date(`${at}:00+03:00`).toISOString() },
                    { onSuccess: () => notifications.show({ color: 'green', message: 'Публикация запланирована.' }) },
                  )
                }
              >
                Запланировать
              </Button>
              {story.state !== 'draft' && (
                <Button
                  variant="default"
                  loading={publish.isPending}
                  onClick={() =>
                    publish.mutate(
                      { publish: false },
                      { onSuccess: () => notifications.show({ color: 'green', message: 'Новость снята с сайта.' }) },
                    )
                  }
                >
                  Снять с сайта
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
