import { ApiError, type Schemas } from '@perenos/api-client';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { userMessage } from '../../lib/errors';

export type StaffRole = Schemas['StaffRole'];
export type StaffStory = Schemas['StaffStory'];
export type StaffFeature = Schemas['StaffFeature'];
export type CatalogueUpload = Schemas['StaffCatalogueUpload'];
export type FeedbackThread = Schemas['StaffFeedbackThread'];
export type FeedbackStatus = Schemas['StaffFeedbackMessage']['status'];
export type StoryInput = Pick<StaffStory, 'slug' | 'title' | 'summary' | 'markdown' | 'imageAlt'> & {
  imageId: string | null;
};

/** Every back-office form says a failure in place, in the server's words: no toast besides (issue 36). */
const IN_PLACE = { errorShownInPlace: true } as const;

export const staffKeys = {
  me: ['staff', 'detail', { kind: 'me' }] as const,
  news: ['staff', 'list', { kind: 'news' }] as const,
  story: (id: number) => ['staff', 'detail', { kind: 'story', id }] as const,
  flags: ['staff', 'list', { kind: 'flags' }] as const,
  feedback: ['staff', 'list', { kind: 'feedback' }] as const,
  thread: (id: number) => ['staff', 'detail', { kind: 'feedback', id }] as const,
  people: ['staff', 'list', { kind: 'people' }] as const,
  audit: ['staff', 'list', { kind: 'audit' }] as const,
};

/**
 * The signed-in person's staff roles, or null when they have none (the staff call answers 404 to anyone
 * without a role, which is not an error of the page: it is «not found»).
 */
export const getStaffMeQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.me,
    queryFn: async () => {
      try {
        return await api.get('/api/v1/staff/me');
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
        throw error;
      }
    },
    retry: false,
  });

/** A staff call's failure in Russian: field messages, or the server's own words for a refusal (409). */
export function staffMessage(error: unknown): string {
  return userMessage(error, {
    byStatus: {
      409: (body) => [body?.title, (body as { detail?: string } | null)?.detail].filter(Boolean).join('. '),
      413: 'Файл слишком большой.',
    },
  });
}

export const getStaffNewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...staffKeys.news, { page }],
    queryFn: async () => api.get('/api/v1/staff/news', { query: { Skip: (page - 1) * 20, Take: 20 } }),
    placeholderData: keepPreviousData,
  });

export const getStaffStoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffKeys.story(id),
    queryFn: async () => api.get('/api/v1/staff/news/{id}', { path: { id } }),
    retry: false,
  });

/** The story's HTML exactly as its public page will show it (the server's renderer and sanitiser). */
export async function previewStory(markdown: string): Promise<string> {
  const answer = await api.post('/api/v1/staff/news/preview', { body: { markdown } });
  return answer?.html ?? '';
}

export function useSaveStory(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: IN_PLACE,
    mutationFn: async (input: StoryInput) =>
      id === undefined
        ? api.post('/api/v1/staff/news', { body: input })
        : api.put('/api/v1/staff/news/{id}', { path: { id }, body: input }),
    onSuccess: (story) => {
      if (story) queryClient.setQueryData(staffKeys.story(story.id), story);
      return queryClient.invalidateQueries({ queryKey: staffKeys.news });
    },
  });
}

export function usePublishStory(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: IN_PLACE,
    mutationFn: async (change: { publish: true; at?: string } | { publish: false }) =>
      change.publish
        ? api.post('/api/v1/staff/news/{id}/publish', { path: { id }, body: change.at ? { at: change.at } : {} })
        : api.post('/api/v1/staff/news/{id}/unpublish', { path: { id } }),
    onSuccess: (story) => {
      if (story) queryClient.setQueryData(staffKeys.story(id), story);
      return queryClient.invalidateQueries({ queryKey: ['news'] });
    },
  });
}

export async function uploadStoryImage(file: File) {
  return api.post('/api/v1/staff/news/images', { multipart: { File: file } });
}

export const getStaffFlagsQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.flags, queryFn: async () => api.get('/api/v1/staff/flags') });

export function useSwitchFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: IN_PLACE,
    mutationFn: async ({ feature, isEnabled }: { feature: StaffFeature['feature']; isEnabled: boolean }) =>
      api.put('/api/v1/staff/flags/{feature}', { path: { feature }, body: { isEnabled } }),
    // The site's own flags (menu links, guards) change with it.
    onSuccess: () =>
      queryClient
        .invalidateQueries({ queryKey: ['settings'] })
        .then(() => queryClient.invalidateQueries({ queryKey: staffKeys.flags })),
  });
}

export function useCatalogueUpload() {
  return useMutation({
    meta: IN_PLACE,
    mutationFn: async ({ file, replace }: { file: File; replace: boolean }) =>
      api.post('/api/v1/staff/tariffs/uploads', { query: { replace }, multipart: { File: file } }),
  });
}

export function useDecideUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: IN_PLACE,
    mutationFn: async ({ id, apply }: { id: number; apply: boolean }) =>
      apply
        ? api.post('/api/v1/staff/tariffs/uploads/{id}/apply', { path: { id } })
        : api.post('/api/v1/staff/tariffs/uploads/{id}/cancel', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tariffs'] }),
  });
}

export async function exportCatalogue(format: 'csv' | 'json') {
  return api.download('get', '/api/v1/staff/tariffs/export', { query: { format } });
}

export const getStaffFeedbackQueryOptions = (status: FeedbackStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [...staffKeys.feedback, { status, page }],
    queryFn: async () =>
      api.get('/api/v1/staff/feedback', {
        query: { ...(status ? { status } : {}), Skip: (page - 1) * 20, Take: 20 },
      }),
    placeholderData: keepPreviousData,
  });

export const getStaffFeedbackThreadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffKeys.thread(id),
    queryFn: async () => api.get('/api/v1/staff/feedback/{id}', { path: { id } }),
    retry: false,
  });

export function useFeedbackActions(id: number) {
  const queryClient = useQueryClient();
  const done = (thread: FeedbackThread | null) => {
    if (thread) queryClient.setQueryData(staffKeys.thread(id), thread);
    return queryClient.invalidateQueries({ queryKey: staffKeys.feedback });
  };
  return {
    status: useMutation({
      meta: IN_PLACE,
      mutationFn: async (status: FeedbackStatus) =>
        api.put('/api/v1/staff/feedback/{id}/status', { path: { id }, body: { status } }),
      onSuccess: done,
    }),
    reply: useMutation({
      meta: IN_PLACE,
      mutationFn: async (body: { subject?: string; text: string }) =>
        api.post('/api/v1/staff/feedback/{id}/reply', { path: { id }, body }),
      onSuccess: done,
    }),
  };
}

export const getStaffPeopleQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.people, queryFn: async () => api.get('/api/v1/staff/people') });

export function useRoleChange() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: IN_PLACE,
    mutationFn: async ({ oid, role, grant }: { oid: string; role: StaffRole; grant: boolean }) =>
      grant
        ? api.put('/api/v1/staff/people/{oid}/roles/{role}', { path: { oid, role } })
        : api.delete('/api/v1/staff/people/{oid}/roles/{role}', { path: { oid, role } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.people }),
        queryClient.invalidateQueries({ queryKey: staffKeys.me }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audit }),
      ]),
  });
}

export interface AuditFilter {
  actorOid?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const getStaffAuditQueryOptions = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: [...staffKeys.audit, { ...filter, page }],
    queryFn: async () =>
      api.get('/api/v1/staff/audit', {
        query: {
          ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')),
          Skip: (page - 1) * 50,
          Take: 50,
        },
      }),
    placeholderData: keepPreviousData,
  });

export type DeskOrder = Schemas['StaffPortingOrder'];
export type DeskListEntry = Schemas['StaffPortingListEntry'];
export type DeskList = 'active' | 'stuck';

/** The desk's pages: ten applications a page (docs/product.md §9). */
export const DESK_PAGE_SIZE = 10;

/** A page of the applications under way or stuck, the longest waiting first. */
export const getDeskListQueryOptions = (list: DeskList, page: number) =>
  queryOptions({
    queryKey: ['staff', 'list', { kind: 'porting-list', list, page }],
    queryFn: async () =>
      api.get('/api/v1/staff/porting/list', {
        query: { list, Skip: (page - 1) * DESK_PAGE_SIZE, Take: DESK_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const getDeskSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['staff', 'list', { kind: 'porting', q }],
    queryFn: async () => api.get('/api/v1/staff/porting/orders', { query: { q } }),
    enabled: q !== '',
    retry: false,
  });

export const getDeskOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'detail', { kind: 'porting', id }],
    queryFn: async () => api.get('/api/v1/staff/porting/orders/{id}', { path: { id } }),
    retry: false,
  });

export type DeskSignature = Schemas['StaffPortingSignature'];
export type DeskSignatureCheck = Schemas['StaffPortingSignatureCheck'];

/** The order's signing in Госключ as support sees it (each read audited; `none` when it was never sent to sign). */
export const getDeskSignatureQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['staff', 'detail', { kind: 'porting-signature', id }],
    queryFn: async () => api.get('/api/v1/staff/porting/orders/{id}/signature', { path: { id } }),
    retry: false,
  });

/** «Проверить подпись»: the kept signature checked again by the server (audited). */
export function useDeskSignatureCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => api.post('/api/v1/staff/porting/orders/{id}/signature/verify', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDeskSignatureQueryOptions(id).queryKey }),
  });
}

export function useDeskActions(id: number) {
  const queryClient = useQueryClient();
  const done = (order: DeskOrder | null) => {
    if (order) queryClient.setQueryData(getDeskOrderQueryOptions(id).queryKey, order);
  };
  return {
    personal: useMutation({
      meta: IN_PLACE,
      mutationFn: async () => api.get('/api/v1/staff/porting/orders/{id}/personal', { path: { id } }),
    }),
    resend: useMutation({
      meta: IN_PLACE,
      mutationFn: async () => api.post('/api/v1/staff/porting/orders/{id}/resend', { path: { id } }),
      onSuccess: done,
    }),
    cancel: useMutation({
      meta: IN_PLACE,
      mutationFn: async (reason: string) =>
        api.post('/api/v1/staff/porting/orders/{id}/cancel', { path: { id }, body: { reason } }),
      onSuccess: done,
    }),
  };
}

export const getStaffJobsQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'list', { kind: 'jobs' }], queryFn: async () => api.get('/api/v1/staff/jobs') });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: IN_PLACE,
    mutationFn: async ({ queue, id }: { queue: string; id: string }) =>
      api.post('/api/v1/staff/jobs/{queue}/{id}/retry', { path: { queue, id } }),
    onSuccess: (jobs) => queryClient.setQueryData(getStaffJobsQueryOptions().queryKey, jobs ?? undefined),
  });
}
