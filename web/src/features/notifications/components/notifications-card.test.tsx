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
    comment: '',
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
    comment: '',
    rel_type_id: 8,
    relation_parent_id: 41,
  },
};

describe('NotificationsCard', () => {
  it.each([true, false])(
    'says only that there is nothing new when there are no notifications (profile complete: %s)',
    (isComplete) => {
      renderWithProviders(
        <NotificationsCard notifications={[]} isProfileComplete={isComplete} onChanged={vi.fn()} />,
      );
      expect(screen.getByText(messages.noNotifications)).toBeInTheDocument();
      expect(screen.queryByText(/You have received new requests/)).not.toBeInTheDocument();
    },
  );

  it('asks for answers above new requests', () => {
    renderWithProviders(
      <NotificationsCard notifications={[coauthorRequest]} isProfileComplete onChanged={vi.fn()} />,
    );
    expect(screen.getByText(messages.notificationsHeader)).toBeInTheDocument();
  });

  it('asks users with an incomplete profile to answer too, and to complete the profile', () => {
    renderWithProviders(
      <NotificationsCard
        notifications={[coauthorRequest]}
        isProfileComplete={false}
        onChanged={vi.fn()}
      />,
    );
    const header = screen.getByText(/You have received new requests/);
    expect(header).toHaveTextContent(messages.notificationsHeaderNewUser);
    expect(header).toHaveTextContent('Please review and respond to them');
    expect(header).not.toHaveTextContent('to respond to them.');
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

  it('labels a comment as a comment, not as a reason', () => {
    const comment: NotificationItem = {
      id: 13,
      formated_dt: '04 Mar 2026 11:00',
      data: {
        notify_message: 'Ada Lovelace modified the relation.',
        relation_type_name: 'Co-authored publication',
        publication_name: 'Compilers for everyone',
        reject_reason: '',
        comment: 'Added the DOI.',
        rel_type_id: 3,
        relation_parent_id: 40,
      },
    };
    renderWithProviders(
      <NotificationsCard notifications={[comment]} isProfileComplete onChanged={vi.fn()} />,
    );
    expect(screen.getByText('Comment: Added the DOI.')).toBeInTheDocument();
    expect(screen.queryByText(/Reason:/)).not.toBeInTheDocument();
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

  it('offers Mark all read for two or more, which reads them all at once, then asks for a reload', async () => {
    const fetchMock = stubFetch({
      '/v1/web/mark_all_notifications_read': { body: { message: 'SUCCESS', count: 2 } },
    });
    const onChanged = vi.fn();
    const { unmount } = renderWithProviders(
      <NotificationsCard notifications={[coauthorRequest]} isProfileComplete onChanged={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <NotificationsCard
        notifications={[coauthorRequest, applicationRequest]}
        isProfileComplete
        onChanged={onChanged}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/v1/web/mark_all_notifications_read');
  });

  it("shows a server timestamp in the reader's time zone, and other text as sent", () => {
    const sent = '2026-03-02T10:15:00.000Z';
    const local = new Date(sent);
    const expected = `${local.getDate()} Mar 2026, ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(formatNotificationTime(sent)).toBe(expected);
    expect(formatNotificationTime('02 Mar 2026 10:15')).toBe('02 Mar 2026 10:15');
  });
});
