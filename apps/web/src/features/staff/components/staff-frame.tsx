import { Button } from '@mantine/core';
import { ROLE_NAMES as ROLES, SECTION_ROLES } from '@perenos/porting-rules/back-office';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Page } from '../../../components/page';
import { Group, Stack } from '../../../components/plain';
import type { StaffRole } from '../api';

export interface StaffSection {
  key: string;
  label: string;
  role: StaffRole;
  /** What the section is for, on the overview. */
  about: string;
}

/** The back office's sections and the role each needs (docs/product.md §14). */
export const STAFF_SECTIONS: StaffSection[] = [
  {
    key: 'news',
    label: 'Новости',
    role: SECTION_ROLES.news,
    about: 'Написать новость, сохранить черновик, опубликовать сейчас или позже.',
  },
  {
    key: 'tariffs',
    label: 'Тарифы',
    role: SECTION_ROLES.tariffs,
    about: 'Загрузить каталог тарифов из файла, проверить изменения и применить; выгрузить каталог.',
  },
  {
    key: 'feedback',
    label: 'Обращения',
    role: SECTION_ROLES.feedback,
    about: 'Прочитать сообщения из формы «Контакты» и ответить на них письмом.',
  },
  {
    key: 'porting',
    label: 'Заявления',
    role: SECTION_ROLES.porting,
    about: 'Найти заявление на перенос, посмотреть его ход, повторить уведомление, отменить зависшее.',
  },
  {
    key: 'jobs',
    label: 'Задачи',
    role: SECTION_ROLES.jobs,
    about: 'Очередь фоновых задач: что ждёт, что не удалось; повторить неудавшуюся.',
  },
  { key: 'flags', label: 'Разделы сайта', role: SECTION_ROLES.flags, about: 'Включить или выключить разделы сайта.' },
  { key: 'people', label: 'Сотрудники', role: SECTION_ROLES.people, about: 'Выдать и снять роли сотрудников.' },
  { key: 'audit', label: 'Журнал', role: SECTION_ROLES.audit, about: 'Кто, что и когда сделал в служебном разделе.' },
];

/** The roles' names: the back office's table's (the audit says them too). */
export const ROLE_NAMES: Record<StaffRole, string> = ROLES;

/** A back-office page: its title, the sections the person's roles open, then the section itself. */
export function StaffFrame({
  title,
  current,
  roles,
  children,
}: {
  title: string;
  current: string | undefined;
  roles: StaffRole[];
  children: ReactNode;
}) {
  const sections = STAFF_SECTIONS.filter((s) => roles.includes(s.role));
  return (
    <Page title={title} description="Служебный раздел сайта «Перенос номера»." size="xl">
      <Stack gap="lg">
        <nav aria-label="Служебный раздел">
          <Group gap="xs">
            <Button
              component={Link}
              to="/staff"
              size="compact-md"
              variant={current === undefined ? 'filled' : 'light'}
              aria-current={current === undefined ? 'page' : undefined}
            >
              Обзор
            </Button>
            {sections.map((s) => (
              <Button
                key={s.key}
                component={Link}
                to={`/staff/${s.key}`}
                size="compact-md"
                variant={current === s.key ? 'filled' : 'light'}
                aria-current={current === s.key ? 'page' : undefined}
              >
                {s.label}
              </Button>
            ))}
          </Group>
        </nav>
        {children}
      </Stack>
    </Page>
  );
}
