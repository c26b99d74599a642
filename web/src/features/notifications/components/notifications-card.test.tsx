import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@recuse/common';
import {
  renderWithProviders,
  sentForm,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { NotificationsCard, formatNotificationTime } from './notifications-card.tsx';
import type { NotificationItem } from './notifications-card.tsx';

const coauthorRequest: NotificationItem = {
  id: 11,
  formated_dt: '02 Mar 2026 10:15',
  data: {
    notify_message: 'Grace Hopper added you to a relation.',
    relation_type_name: 'Co-authored publication',
    publication_name: 'Compilers for everyone',
    reject_reason: 'Wrong year',
    rel_type_id: 3,
    relation_parent_id: 40,
  },
};

const applicationRequest: NotificationItem = {
  id: 12,
  formated_dt: '03 Mar 2026 09:00',
  data: {
    notify_message: 'An application relation needs your answer.',
    relation_type_name: 'Pending employment or graduate-school application',
    publication_name: 'Hidden title',
    reject_reason: 'Hidden reason',
    rel_type_id: 8,
    relation_parent_id: 41,
  },
};

describe('NotificationsCard', () => {
  it('says there is nothing new when there are no notifications', () => {
    renderWithProviders(
      <NotificationsCard notifications={[]} isProfileComplete onChanged={vi.fn()} />,
    );
    expect(screen.getByText(messages.notificationsHeader)).toBeInTheDocument();
    expect(screen.getByText(messages.noNotifications)).toBeInTheDocument();
  });

  it('tells users with an incomplete profile to complete it', () => {
    renderWithProviders(
      <NotificationsCard notifications={[]} isProfileComplete={false} onChanged={vi.fn()} />,
    );
    expect(screen.getByText(messages.notificationsHeaderNewUser)).toBeInTheDocument();
  });

  it('shows title and reason, and links to the relation', () => {
    renderWithProviders(
      <NotificationsCard notifications={[coauthorRequest]} isProfileComplete onChanged={vi.fn()} />,
    );
    expect(screen.getByText('Title: Compilers for everyone')).toBeInTheDocument();
    expect(screen.getByText('Reason: Wrong year')).toBeInTheDocument();
    expect(screen.getByText('02 Mar 2026 10:15')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/relations/view/40',
    );
  });

  it('hides title and reason of a type 8 notification and links to the pending view', () => {
    renderWithProviders(
      <NotificationsCard
        notifications={[applicationRequest]}
        isProfileComplete
        onChanged={vi.fn()}
      />,
    );
    expect(screen.queryByText(/Hidden title/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Hidden reason/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/pending-relations/view/41',
    );
  });

  it('offers no View or Dismiss for a notification without a relation', () => {
    const notice = {
      ...coauthorRequest,
      data: { ...coauthorRequest.data, relation_parent_id: null },
    };
    renderWithProviders(
      <NotificationsCard notifications={[notice]} isProfileComplete onChanged={vi.fn()} />,
    );
    expect(screen.queryByRole('link', { name: 'View' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('marks a notification read on Dismiss, then asks for a reload', async () => {
    const fetchMock = stubFetch({
      '/v1/web/mark_notification_read': { body: { message: 'SUCCESS' } },
    });
    const onChanged = vi.fn();
    renderWithProviders(
      <NotificationsCard
        notifications={[coauthorRequest]}
        isProfileComplete
        onChanged={onChanged}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(sentForm(fetchMock, 0)).toEqual({ NotificationId: '11' });
  });

  it("shows a server timestamp in the reader's time zone, and other text as sent", () => {
    const sent = '2026-03-02T10:15:00.000Z';
    const local = new Date(sent);
    const expected = `${local.getDate()} Mar 2026, ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(formatNotificationTime(sent)).toBe(expected);
    expect(formatNotificationTime('02 Mar 2026 10:15')).toBe('02 Mar 2026 10:15');
  });
});
