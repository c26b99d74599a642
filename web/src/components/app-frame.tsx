// The frame of every page: header with the brand, the main navigation and the user menu,
// the page itself, and the footer. It knows nothing about sessions; the app passes it links.
import { lazy, Suspense } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import {
  Anchor,
  AppShell,
  Badge,
  Burger,
  Button,
  Container,
  Group,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink } from 'react-router';
import classes from './app-frame.module.css';
import { SiteFooter } from './site-footer.tsx';
import { userMenuButtonProps } from './user-menu-button.ts';
import type { FooterLink } from './site-footer.tsx';
import { paths } from '../app/paths.ts';

export type NavItem = {
  label: string;
  to: string;
  /** A count shown beside the label (unread notifications on Home), with what it counts. */
  count?: { value: number; of: string };
};
export type { UserMenuItem } from './user-menu.tsx';
import type { UserMenuItem } from './user-menu.tsx';

// The user menu (Mantine's Menu, Popover and floating-ui) is loaded only once someone is signed
// in: the sign-in page has no use for it (docs/benchmarks.md, "Web assets").
const UserMenu = lazy(() =>
  import('./user-menu.tsx').then(({ UserMenu }) => ({ default: UserMenu })),
);

type AppFrameProps = {
  navItems: NavItem[];
  /** Shown as the user menu when signed in. */
  userMenu?: { label: string; items: UserMenuItem[] };
  footerLinks: FooterLink[];
  banner?: ReactNode;
  children: ReactNode;
};

function MainNavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return items.map((item) => (
    <Button
      key={item.to}
      justify={onNavigate ? 'flex-start' : 'center'}
      component={NavLink}
      to={item.to}
      end
      variant="subtle"
      className={classes.navLink}
      onClick={onNavigate}
      rightSection={
        item.count && item.count.value > 0 ? (
          <>
            <Badge size="sm" circle={item.count.value < 10} color="red.9" aria-hidden>
              {item.count.value > 99 ? '99+' : item.count.value}
            </Badge>
            <VisuallyHidden>{`, ${item.count.value} ${item.count.of}`}</VisuallyHidden>
          </>
        ) : undefined
      }
    >
      {item.label}
    </Button>
  ));
}

const mainContentId = 'main-content';

/**
 * Moves the focus to the page itself, past the header's links. Done by hand: the router owns
 * the address, and a '#main-content' there would be read as another page.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(mainContentId)?.focus();
}

export function AppFrame({ navItems, userMenu, footerLinks, banner, children }: AppFrameProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const hasNav = navItems.length > 0;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        hasNav
          ? { width: 240, breakpoint: 'md', collapsed: { desktop: true, mobile: !isNavOpen } }
          : undefined
      }
      padding="md"
    >
      <AppShell.Header>
        <Anchor href={`#${mainContentId}`} className={classes.skipLink} onClick={skipToContent}>
          Skip to content
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {hasNav && (
              <Burger
                opened={isNavOpen}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label="Toggle navigation"
              />
            )}
            <Text component={Link} to={paths.home.href()} fw={700} fz="xl" c="blue.8" td="none">
              Recuse
            </Text>
          </Group>
          {hasNav && (
            <Group gap={4} visibleFrom="md" component="nav" aria-label="Main">
              <MainNavLinks items={navItems} />
            </Group>
          )}
          {userMenu && (
            <Suspense fallback={<Button {...userMenuButtonProps(userMenu.label)} />}>
              <UserMenu label={userMenu.label} items={userMenu.items} />
            </Suspense>
          )}
        </Group>
      </AppShell.Header>
      {hasNav && (
        <AppShell.Navbar p="md" aria-label="Main (mobile)">
          {/* Rendered only while open, so the links are not in the page twice. */}
          {isNavOpen && (
            <Stack gap={4}>
              <MainNavLinks items={navItems} onNavigate={close} />
            </Stack>
          )}
        </AppShell.Navbar>
      )}
      <AppShell.Main id={mainContentId} tabIndex={-1} className={classes.main}>
        <Container size="lg" px={0}>
          {banner}
          {children}
        </Container>
        <SiteFooter links={footerLinks} />
      </AppShell.Main>
    </AppShell>
  );
}
