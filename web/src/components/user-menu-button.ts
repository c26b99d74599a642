// The user menu's button, shared by the menu (user-menu.tsx) and the stand-in the frame shows
// while the menu's code loads (app-frame.tsx): the same name and look before and after, so
// neither a user nor a test finds another button. Its own file, so the frame need not load the
// menu to draw it.
import type { ButtonProps } from '@mantine/core';

export function userMenuButtonProps(label: string): ButtonProps & { 'aria-label': string } {
  return { variant: 'default', 'aria-label': `User menu for ${label}`, children: label };
}
