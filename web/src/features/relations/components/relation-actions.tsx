// What the viewer may do with a relation, as its `permissions` say: accept, reject with a reason,
// request a change, contact the admin, delete. After a success the page reloads after 1 s (2 s
// after a comment), as docs/product.md, "Messages after an action", says.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@recuse/common';
import type { RelationActionReply } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { SaveResult } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { acceptRelation } from '../api/accept-relation.ts';
import { deleteRelation } from '../api/delete-relation.ts';
import { rejectRelation } from '../api/reject-relation.ts';
import { requestRelationChange } from '../api/request-relation-change.ts';
import type { RelationView } from '../api/get-relation-view.ts';
import { CommentModal } from './comment-modal.tsx';

type OpenModal = 'reject' | 'change' | 'admin' | 'delete' | null;
type ActionKey = 'accept' | 'reject' | 'comment' | 'delete';

type RelationActionsProps = {
  relation: RelationView;
  isPendingEmployment: boolean;
  onReload: () => void;
  onDeleted: () => void;
};

export function RelationActions({
  relation,
  isPendingEmployment,
  onReload,
  onDeleted,
}: RelationActionsProps) {
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const action = useAction<ActionKey>();
  const { failure, setFailure } = action;
  const { permissions } = relation;
  const base = { GID: relation.GID, relationTypeName: relation.relationTypeName };

  function run(key: ActionKey, call: () => Promise<SaveResult<RelationActionReply>>) {
    if (!relation.relationTypeName) {
      setFailure({ message: messages.recordNotSaved, errors: {} });
      return Promise.resolve();
    }
    return action.run(key, call, {
      onDone: (reply) => {
        setOpenModal(null);
        action.setSuccess(reply.message);
        if (reply.status === 'DELETED') setTimeout(onDeleted, 1000);
        else setTimeout(onReload, reply.status === 'SUCCESS' ? 2000 : 1000);
      },
    });
  }

  function sendComment(comment: string, isToAdmin: boolean) {
    return run('comment', () =>
      requestRelationChange(
        {
          ...base,
          modificationsComment: comment,
          contactAdmin: isToAdmin ? 1 : 0,
          changeRelationToPending: isToAdmin ? 0 : 1,
        },
        isPendingEmployment,
      ),
    );
  }

  function closeModal() {
    setOpenModal(null);
    setFailure(null);
  }

  const failureAlert = failure && <ErrorAlert message={failure.message} errors={failure.errors} />;

  return (
    <Stack gap="sm">
      {action.success && (
        <Alert color="green" role="status">
          {action.success}
        </Alert>
      )}
      {failure && !openModal && failureAlert}
      <Group gap="sm">
        {permissions.accept === 1 && (
          <Button
            color="green.6"
            autoContrast
            loading={action.busy === 'accept'}
            onClick={() =>
              void run('accept', () => acceptRelation({ ...base, rejectionComment: '' }))
            }
          >
            Accept
          </Button>
        )}
        {permissions.reject === 1 && (
          <Button color="red" variant="light" onClick={() => setOpenModal('reject')}>
            Reject
          </Button>
        )}
        {permissions.requestChange === 1 && (
          <Button variant="default" onClick={() => setOpenModal('change')}>
            Request a change
          </Button>
        )}
        {permissions.contactAdmin === 1 && (
          <Button variant="default" onClick={() => setOpenModal('admin')}>
            Contact admin
          </Button>
        )}
        {permissions.delete === 1 && (
          <Button color="red" variant="outline" onClick={() => setOpenModal('delete')}>
            Delete
          </Button>
        )}
      </Group>
      {openModal === 'reject' && (
        <CommentModal
          title="Reject relation"
          label="Reason for rejection"
          submitLabel="Reject"
          requiredMessage={messages.rejectReasonRequired}
          isSaving={action.busy !== null}
          failure={failureAlert}
          onClose={closeModal}
          onSubmit={(comment) =>
            void run('reject', () => rejectRelation({ ...base, rejectionComment: comment }))
          }
        />
      )}
      {(openModal === 'change' || openModal === 'admin') && (
        <CommentModal
          title={openModal === 'admin' ? 'Contact admin' : 'Request a change'}
          label="Comments"
          submitLabel="Send"
          requiredMessage={messages.commentsRequired}
          isSaving={action.busy !== null}
          failure={failureAlert}
          onClose={closeModal}
          onSubmit={(comment) => void sendComment(comment, openModal === 'admin')}
        />
      )}
      {openModal === 'delete' && (
        <Modal opened onClose={closeModal} title="Delete relation">
          {failureAlert}
          <Text>Do you wish to delete this {relation.relationTypeName} relation?</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={closeModal}>
              No
            </Button>
            <Button
              color="red"
              loading={action.busy === 'delete'}
              onClick={() => void run('delete', () => deleteRelation(relation.GID))}
            >
              Yes, delete
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}
