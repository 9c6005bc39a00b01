import { ApiError } from '@perenos/api-client';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Anchor, Text } from '../components/plain';
import { QueryState } from '../components/query-state';
import { getNewsStoryQueryOptions, StoryHtml } from '../features/news';
import { formatDate } from '../lib/format';
import NotFoundPage from './not-found';

export const loader: PageLoader = ({ params, queryClient }) =>
  queryClient.prefetchQuery(getNewsStoryQueryOptions(params.slug ?? ''));

export default function StoryPage() {
  const { slug = '' } = useParams();
  const { data: story, isPending, error } = useQuery(getNewsStoryQueryOptions(slug));
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  return (
    <Page
      title={story?.title ?? 'Новость'}
      card={story ? { type: 'article' } : undefined}
      description={story?.summary ?? 'Новость о переносе номеров.'}
      lead={story ? formatDate(story.publishedAt) : undefined}
      size="md"
    >
      <QueryState isPending={isPending} error={error} />
      {story && (
        <>
          <Text size="lg" fw={500}>
            {story.summary}
          </Text>
          <StoryHtml html={story.html} />
        </>
      )}
      <Anchor component={Link} to="/news">
        ← Все новости
      </Anchor>
    </Page>
  );
}
