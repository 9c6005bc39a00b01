import { Menu } from '@mantine/core';
import { Link as RouterLink } from 'wouter';
import { logoutUrl } from '../features/auth';
import { AccountMenuButton } from './account-menu-button';

/** The header's account menu: loaded only for signed-in visitors (the Menu and its positioning are large). */
export default function AccountMenu({
  name,
  isStaff = false,
  defaultOpened,
}: {
  name: string;
  /** A staff member's menu leads to the back office too. */
  isStaff?: boolean;
  defaultOpened?: boolean;
}) {
  return (
    // No focus placeholder: Mantine's is a role=presentation child of the role=menu list, which a menu may
    // not hold (axe aria-required-children); the first item takes the focus instead.
    <Menu
      position="bottom-end"
      withinPortal={false}
      width={240}
      defaultOpened={defaultOpened}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <AccountMenuButton name={name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={RouterLink} to="/account">
          Личный кабинет
        </Menu.Item>
        {isStaff && (
          <Menu.Item component={RouterLink} to="/staff">
            Служебный раздел
          </Menu.Item>
        )}
        <Menu.Item component={RouterLink} to="/account#erase">
          Удалить мои данные
        </Menu.Item>
        <Menu.Item component="a" href={logoutUrl()}>
          Выйти
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
