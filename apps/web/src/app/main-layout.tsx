import { Box, Burger, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { Container, Stack } from '../components/plain';
import { getAuthQueryOptions, loginUrl, logoutUrl, SessionKeeper } from '../features/auth';
import { type Feature, getFeaturesQueryOptions } from '../features/settings';
import { useCurrentUrl } from '../lib/location';
import { preloadable } from '../lib/preloadable';
import { AccountMenuButton } from './account-menu-button';
import classes from './main-layout.module.css';
import { AppRoutes } from './router';
import { ScrollManager } from './scroll-manager';

// Loaded when first needed: a signed-in visitor's menu, the narrow screens' drawer.
const { Component: AccountMenu, preload: loadAccountMenu } = preloadable(() => import('./account-menu'));

/** Loads the code the frame draws for a signed-in person (the server, before it draws their page). */
export const preloadSignedInFrame = (): Promise<unknown> => loadAccountMenu();
const NavDrawer = lazy(() => import('./nav-drawer'));

interface NavItem {
  to: string;
  label: string;
  feature?: Feature;
}

const NAV: NavItem[] = [
  { to: '/check', label: 'Проверить номер' },
  { to: '/tariffs', label: 'Тарифы' },
  { to: '/portation', label: 'Перенести номер', feature: 'Portation' },
  { to: '/operators', label: 'Операторы', feature: 'OperatorPage' },
  { to: '/news', label: 'Новости', feature: 'News' },
  { to: '/about', label: 'О переносе' },
  { to: '/faq', label: 'Вопросы' },
];

// Links that fit the footer better than the header.
const FOOTER_NAV: NavItem[] = [
  { to: '/coverage', label: 'Карта покрытия' },
  { to: '/operators/map', label: 'Операторы по регионам', feature: 'OperatorsByRegionMap' },
  { to: '/about', label: 'О переносе номера' },
  { to: '/faq', label: 'Вопросы и ответы' },
  { to: '/contacts', label: 'Контакты' },
];

function useNavItems(items: NavItem[]): NavItem[] {
  const { data: features } = useQuery(getFeaturesQueryOptions());
  // A link of a disabled feature disappears; while flags load, such links stay hidden.
  return items.filter((item) => !item.feature || features?.some((f) => f.feature === item.feature && f.isEnabled));
}

function AccountControl({ onNavigate, inDrawer = false }: { onNavigate?: () => void; inDrawer?: boolean }) {
  const { data: auth } = useQuery(getAuthQueryOptions());
  const { data: features } = useQuery(getFeaturesQueryOptions());
  const location = useCurrentUrl();
  const [menuWanted, setMenuWanted] = useState(false);
  const esiaOn = features?.some((f) => f.feature === 'EsiaAuth' && f.isEnabled) ?? false;
  if (auth?.isLogged) {
    const name = auth.userName ?? 'Личный кабинет';
    // In the drawer there is room for both links; in the header a menu keeps «Выйти» on screen.
    if (inDrawer) {
      return (
        <Stack gap="xs">
          <Button component={RouterLink} to="/account" variant="light" onClick={onNavigate}>
            Личный кабинет
          </Button>
          {auth.isStaff && (
            <Button component={RouterLink} to="/staff" variant="light" onClick={onNavigate}>
              Служебный раздел
            </Button>
          )}
          <Button component="a" href={logoutUrl()} variant="default">
            Выйти
          </Button>
        </Stack>
      );
    }
    return (
      // A click before the menu's code arrives is not lost: the menu then opens as it mounts.
      <Suspense fallback={<AccountMenuButton name={name} onClick={() => setMenuWanted(true)} />}>
        <AccountMenu name={name} isStaff={auth.isStaff} defaultOpened={menuWanted} />
      </Suspense>
    );
  }
  if (!esiaOn) return null;
  return (
    <Button component="a" href={loginUrl(location.pathname + location.search + location.hash)} variant="filled">
      Войти через Госуслуги
    </Button>
  );
}

/** A link of the main menu, marked as the current page on its path and (unless `end`) below it. */
function NavLink({
  to,
  end = false,
  onClick,
  children,
}: {
  to: string;
  end?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const { pathname } = useCurrentUrl();
  const active = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <RouterLink
      to={to}
      className={active ? `${classes.link} ${classes.active}` : classes.link}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </RouterLink>
  );
}

/** Header with navigation and the sign-in control, the page, and the footer: the frame of every route. */
export function MainLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code arrives with the first tap and stays mounted, so closing still animates.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const items = useNavItems(NAV);
  const links = items.map((item) => (
    <NavLink key={item.to} to={item.to} end={item.to === '/operators'} onClick={close}>
      {item.label}
    </NavLink>
  ));
  return (
    // A fixed header and a main below it, as Mantine's AppShell drew them, without its ~10 KB of code.
    <div>
      <a href="#main" className={classes.skipLink}>
        Перейти к содержанию
      </a>
      <ScrollManager />
      <SessionKeeper />
      {/* The header, the page and the footer each in a boundary of their own: the browser takes them over
          one after another in short steps between which it answers input, not in one long task (React
          hydrates a boundary drawn by the server at a lower priority, in slices; a click on a part not yet
          taken over hydrates that part at once and is replayed). */}
      <Suspense>
        {/* The scroll lock of dialogs pads this class, so the header does not jump when a dialog opens. */}
        <header className={`${classes.header} right-scroll-bar-position`}>
          <Container size="xl" h="100%">
            {/* Plain elements and the layout's classes where Mantine's Group and Text only laid them out. */}
            <div className={classes.bar}>
              <RouterLink
                to="/"
                className={`mantine-focus-auto ${classes.brand}`}
                aria-label="Перенос номера — на главную"
              >
                <BrandMark />
                <span className={classes.brandName}>Перенос номера</span>
              </RouterLink>
              <nav className={`${classes.menu} mantine-visible-from-lg`} aria-label="Основное меню">
                {links}
              </nav>
              <div className={classes.actions}>
                <div className="mantine-visible-from-sm">
                  <AccountControl />
                </div>
                <Burger
                  opened={opened}
                  onClick={() => {
                    setDrawerWanted(true);
                    toggle();
                  }}
                  hiddenFrom="lg"
                  aria-label="Открыть меню"
                />
              </div>
            </div>
          </Container>
        </header>
      </Suspense>
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close}>
            <Stack gap={4} component="nav" aria-label="Меню">
              {links}
              <Box pt="md">
                <AccountControl onNavigate={close} inDrawer />
              </Box>
            </Stack>
          </NavDrawer>
        </Suspense>
      )}
      <main className={classes.main} id="main" tabIndex={-1}>
        <Suspense>
          <AppRoutes />
        </Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
    </div>
  );
}

/**
 * The site's mark (the favicon's drawing) in the page itself: as an image it was a document of its own for
 * the browser to build, 15 ms on this machine as the page was first shown (decision 120).
 */
function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2f9e44" />
      <path
        d="M22 14h20a4 4 0 0 1 4 4v28a4 4 0 0 1-4 4H22a4 4 0 0 1-4-4V18a4 4 0 0 1 4-4z"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
      />
      <path
        d="M26 32h12m-5-5 5 5-5 5"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The footer of every page, in plain elements and the layout's classes rather than Mantine's Stack, Group,
 * Text and Anchor: eighteen fewer components for every page drawn (decision 115).
 */
function Footer() {
  const year = new Date().getFullYear();
  const footerItems = useNavItems(FOOTER_NAV);
  const link = `mantine-focus-auto ${classes.footerLink}`;
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <div className={classes.footerRow}>
          <div className={classes.footerAbout}>
            <p className={classes.footerName}>Перенос номера</p>
            <p className={classes.footerNote}>
              Сведения о принадлежности номеров — по реестру российской системы и плана нумерации Минцифры России и базе
              данных перенесённых номеров. Вход — через Госуслуги (ЕСИА).
            </p>
            <p className={classes.footerNote}>© {year}</p>
          </div>
          <div className={classes.footerColumns}>
            <nav className={classes.footerColumn} aria-label="Разделы сайта">
              {footerItems.map((item) => (
                <RouterLink key={item.to} to={item.to} className={link}>
                  {item.label}
                </RouterLink>
              ))}
            </nav>
            <div className={classes.footerColumn}>
              <RouterLink to="/check" className={link}>
                Проверка номера
              </RouterLink>
              <RouterLink to="/tariffs" className={link}>
                Тарифы
              </RouterLink>
              <a href="/api/docs" className={link}>
                API для разработчиков
              </a>
            </div>
          </div>
        </div>
      </Container>
    </footer>
  );
}
