import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { QueryState } from '../components/query-state';
import {
  AuditLog,
  CataloguePanel,
  DeskHome,
  DeskOrderView,
  FeedbackInbox,
  FeedbackThread,
  FlagsPanel,
  getDeskOrderQueryOptions,
  getStaffFeedbackThreadQueryOptions,
  getStaffMeQueryOptions,
  getStaffStoryQueryOptions,
  JobsPanel,
  NewsEditor,
  NewsList,
  PeoplePanel,
  STAFF_SECTIONS,
  StaffFrame,
  StaffOverview,
} from '../features/staff';
import NotFoundPage from './not-found';

/** A record id from the address: a positive 32-bit integer, else undefined. */
function idOf(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : undefined;
}

function StoryPage({ id, roles }: { id: number | undefined; roles: Parameters<typeof StaffFrame>[0]['roles'] }) {
  const story = useQuery({ ...getStaffStoryQueryOptions(id ?? 0), enabled: id !== undefined });
  if (id === undefined) {
    return (
      <StaffFrame title="Новая новость" current="news" roles={roles}>
        <NewsEditor story={undefined} />
      </StaffFrame>
    );
  }
  if (story.error) return <NotFoundPage />;
  return (
    <StaffFrame title={story.data ? story.data.title : 'Новость'} current="news" roles={roles}>
      {story.data ? <NewsEditor key={story.data.id} story={story.data} /> : <QueryState isPending error={null} />}
    </StaffFrame>
  );
}

function ThreadPage({ id, roles }: { id: number; roles: Parameters<typeof StaffFrame>[0]['roles'] }) {
  const thread = useQuery(getStaffFeedbackThreadQueryOptions(id));
  if (thread.error) return <NotFoundPage />;
  return (
    <StaffFrame title={`Обращение № ${id}`} current="feedback" roles={roles}>
      {thread.data ? <FeedbackThread thread={thread.data} /> : <QueryState isPending error={null} />}
    </StaffFrame>
  );
}

function DeskPage({ id, roles }: { id: number; roles: Parameters<typeof StaffFrame>[0]['roles'] }) {
  const order = useQuery(getDeskOrderQueryOptions(id));
  if (order.error) return <NotFoundPage />;
  return (
    <StaffFrame title={`Заявление № ${id}`} current="porting" roles={roles}>
      {order.data ? <DeskOrderView order={order.data} /> : <QueryState isPending error={null} />}
    </StaffFrame>
  );
}

const TITLES: Record<string, string> = {
  porting: 'Заявления на перенос',
  jobs: 'Фоновые задачи',
  news: 'Новости',
  tariffs: 'Каталог тарифов',
  feedback: 'Обращения',
  flags: 'Разделы сайта',
  people: 'Сотрудники',
  audit: 'Журнал действий',
};

/** Who is asking, fetched before the one render: a visitor without a role gets the not-found page (404). */
export const loader: PageLoader = ({ queryClient }) => queryClient.prefetchQuery(getStaffMeQueryOptions());

/** The back office (`/staff/:section?/:id?`): staff only, the not-found page for everyone else. */
export default function StaffPage() {
  const { section, id } = useParams<{ section?: string; id?: string }>();
  const me = useQuery(getStaffMeQueryOptions());
  // No role (or not signed in): the back office does not exist for this visitor.
  if (me.data === null) return <NotFoundPage />;
  if (!me.data) return <QueryState isPending={me.isPending} error={me.error} />;
  const { roles } = me.data;
  if (section === undefined) {
    return (
      <StaffFrame title="Служебный раздел" current={undefined} roles={roles}>
        <StaffOverview name={me.data.name} roles={roles} />
      </StaffFrame>
    );
  }
  const allowed = STAFF_SECTIONS.find((s) => s.key === section && roles.includes(s.role));
  if (!allowed) return <NotFoundPage />;
  if (section === 'news' && id !== undefined) {
    const storyId = id === 'new' ? undefined : idOf(id);
    if (id !== 'new' && storyId === undefined) return <NotFoundPage />;
    return <StoryPage id={storyId} roles={roles} />;
  }
  if (section === 'feedback' && id !== undefined) {
    const threadId = idOf(id);
    return threadId === undefined ? <NotFoundPage /> : <ThreadPage id={threadId} roles={roles} />;
  }
  if (section === 'porting' && id !== undefined) {
    const orderId = idOf(id);
    return orderId === undefined ? <NotFoundPage /> : <DeskPage id={orderId} roles={roles} />;
  }
  if (id !== undefined) return <NotFoundPage />;
  const body: Record<string, () => ReactNode> = {
    news: () => <NewsList />,
    tariffs: () => <CataloguePanel />,
    feedback: () => <FeedbackInbox />,
    porting: () => <DeskHome />,
    jobs: () => <JobsPanel />,
    flags: () => <FlagsPanel />,
    people: () => <PeoplePanel />,
    audit: () => <AuditLog />,
  };
  const draw = body[section];
  if (!draw) return <NotFoundPage />;
  return (
    <StaffFrame title={TITLES[section] ?? allowed.label} current={section} roles={roles}>
      {draw()}
    </StaffFrame>
  );
}
