import { ApiError } from '@perenos/api-client';

/** A Russian sentence for any error the API client raises: field messages first, never English or a stack. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.result as { title?: string; errors?: Record<string, string[]> } | null;
    const fieldMessages = body?.errors ? Object.values(body.errors).flat() : [];
    if (fieldMessages.length > 0) return fieldMessages.join(' ');
    if (error.status === 401) return 'Сеанс истёк. Войдите через Госуслуги ещё раз.';
    if (error.status === 404) return 'Запись не найдена.';
    if (error.status === 429) return 'Слишком много запросов. Попробуйте позже.';
    if (error.status === 400) return 'Проверьте введённые данные.';
    return 'Сервис временно недоступен. Попробуйте позже.';
  }
  if (error instanceof TypeError) return 'Нет связи с сервером. Проверьте подключение к интернету.';
  return 'Что-то пошло не так. Попробуйте ещё раз.';
}
