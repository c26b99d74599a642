// The dashboard's notifications (docs/product.md, Dashboard): each with its message, relation
// type, title and rejection reason (not for type 8), the comment left with it, its time, and
// View and Dismiss when it concerns a relation.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { messages, relationTypeIds } from '@recuse/common';
import type { ProfileNotification } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { markAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { markNotificationRead } from '../api/mark-notification-read.ts';
import { paths } from '../../../app/paths.ts';

export type NotificationItem = ProfileNotification;

/** Relation type 8 (pending employment or application) has its own view and no title or reason. */
const isAboutPendingEmployment = (notification: NotificationItem) =>
  notification.data.rel_type_id === relationTypeIds.pendingEmployment;

export function findNotificationViewPath(notification: NotificationItem): string | undefined {
  const parentId = notification.data.relation_parent_id;
  if (parentId === null || parentId === 0) return undefined;
  return paths.relation.href(parentId, notification.data.rel_type_id ?? 0);
}

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T/;

/** The server sends an ISO timestamp; it is shown in the reader's time zone. Other text as is. */
export function formatNotificationTime(text: string): string {
  if (!isoTimestamp.test(text)) return text;
  const time = dayjs(text);
  return time.isValid() ? time.format('D MMM YYYY, HH:mm') : text;
}

type NotificationsCardProps = {
  notifications: NotificationItem[];
  isProfileComplete: boolean;
  onChanged: () => void;
};

export function NotificationsCard({
  notifications,
  isProfileComplete,
  onChanged,
}: NotificationsCardProps) {
  const action = useAction<number | 'all'>();
  // Whatever the server says, the card says it could not be saved.
  const handlers = { onDone: onChanged, describeRefusal: () => messages.recordNotSaved };

  const markAllRead = () => action.run('all', markAllNotificationsRead, handlers);
  const dismiss = (notificationId: number) =>
    action.run(notificationId, () => markNotificationRead(notificationId), handlers);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notifications">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="notifications">
          Notifications
        </Title>
        {/* Two or more: one Dismiss would do for a single one. */}
        {notifications.length > 1 && (
          <Button
            variant="default"
            size="xs"
            loading={action.busy === 'all'}
            onClick={() => void markAllRead()}
          >
            Mark all read
          </Button>
        )}
      </Group>
      {/* The header speaks of new requests, so it stands only above some. */}
      {notifications.length > 0 && (
        <Text mb="md">
          {isProfileComplete ? messages.notificationsHeader : messages.notificationsHeaderNewUser}
        </Text>
      )}
      {action.failure && <ErrorAlert message={action.failure.message} />}
      {notifications.length === 0 ? (
        <Text c="dimmed">{messages.noNotifications}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {notifications.map((notification) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              isDismissing={action.busy === notification.id}
              onDismiss={() => void dismiss(notification.id)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

type NotificationRowProps = {
  notification: NotificationItem;
  isDismissing: boolean;
  onDismiss: () => void;
};

function NotificationRow({ notification, isDismissing, onDismiss }: NotificationRowProps) {
  const { data } = notification;
  const isPendingEmployment = isAboutPendingEmployment(notification);
  const viewPath = findNotificationViewPath(notification);
  const messageId = `notification-${notification.id}`;
  return (
    <Card
      component="li"
      withBorder
      radius="sm"
      padding="sm"
      // A long unbroken title breaks rather than widening the card.
      style={{ overflowWrap: 'anywhere' }}
    >
      <Text fw={500} id={messageId}>
        {data.notify_message}
      </Text>
      {data.relation_type_name && <Text fz="sm">Relation type: {data.relation_type_name}</Text>}
      {!isPendingEmployment && data.publication_name && (
        <Text fz="sm">Title: {data.publication_name}</Text>
      )}
      {!isPendingEmployment && data.reject_reason && (
        <Text fz="sm">Reason: {data.reject_reason}</Text>
      )}
      {data.comment && <Text fz="sm">Comment: {data.comment}</Text>}
      <Group justify="space-between" mt="xs">
        <Text
          fz="xs"
          c="dimmed"
          component="time"
          dateTime={
            isoTimestamp.test(notification.formated_dt) ? notification.formated_dt : undefined
          }
        >
          {formatNotificationTime(notification.formated_dt)}
        </Text>
        {viewPath && (
          <Group gap="xs">
            <Button size="xs" component={Link} to={viewPath} aria-describedby={messageId}>
              View
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={onDismiss}
              loading={isDismissing}
              aria-describedby={messageId}
            >
              Dismiss
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
