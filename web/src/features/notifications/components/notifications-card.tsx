// The dashboard's notifications (SPEC section 2): each with its message, relation type,
// title and reason (not for type 8), time, and View and Dismiss when it concerns a relation.
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import type { ProfileNotification } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { markNotificationRead } from '../api/mark-notification-read.ts';

/** Relation type 8 (pending employment or application) has its own view and no title or reason. */
const pendingEmploymentTypeId = '8';

export type NotificationItem = ProfileNotification;

export function findNotificationViewPath(notification: NotificationItem): string | undefined {
  const { relation_parent_id: parentId, rel_type_id: typeId } = notification.data;
  if (parentId === undefined || parentId === null || parentId === '' || parentId === 0) {
    return undefined;
  }
  const base = String(typeId) === pendingEmploymentTypeId ? '/pending-relations' : '/relations';
  return `${base}/view/${parentId}`;
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
  const [dismissingId, setDismissingId] = useState<number | string>();
  const [hasFailed, setHasFailed] = useState(false);

  async function dismiss(notificationId: number | string) {
    setDismissingId(notificationId);
    setHasFailed(false);
    try {
      const answer = await markNotificationRead(notificationId);
      if (answer.ok) onChanged();
      else setHasFailed(true);
    } catch {
      setHasFailed(true);
    } finally {
      setDismissingId(undefined);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notifications">
      <Title order={2} fz="h4" id="notifications" mb="sm">
        Notifications
      </Title>
      <Text mb="md">
        {isProfileComplete ? messages.notificationsHeader : messages.notificationsHeaderNewUser}
      </Text>
      {hasFailed && <ErrorAlert message={messages.recordNotSaved} />}
      {notifications.length === 0 ? (
        <Text c="dimmed">{messages.noNotifications}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {notifications.map((notification) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              isDismissing={dismissingId === notification.id}
              onDismiss={() => dismiss(notification.id)}
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
  const isPendingEmployment = String(data.rel_type_id) === pendingEmploymentTypeId;
  const viewPath = findNotificationViewPath(notification);
  const messageId = `notification-${notification.id}`;
  return (
    <Card component="li" withBorder radius="sm" padding="sm">
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
