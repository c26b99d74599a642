// The signed-in user's menu in the page header; loaded lazily by app-frame.tsx.
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { userMenuButtonProps } from './user-menu-button.ts';

export type UserMenuItem = { label: string; to: string } | { label: string; onClick: () => void };

export function UserMenu({ label, items }: { label: string; items: UserMenuItem[] }) {
  // In the header (a landmark) rather than a portal, and without Mantine's focus placeholder,
  // which is not a menu item and fails the menu role's required children.
  return (
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button {...userMenuButtonProps(label)} />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) =>
          'to' in item ? (
            <Menu.Item key={item.label} component={Link} to={item.to}>
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.label} onClick={item.onClick}>
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
