import { updateUserRequestSchema } from '@zview/contracts';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { useNotifications } from '../../ui/notifications';
import { useTeamMembers } from './api/members';
import { useUpdateMember } from './api/updateMember';
import { MemberForm } from './MemberForm';

/** /team/edit-member/{userId}: names and role of a member (the email is their sign-in). */
export default function EditMemberPage() {
  const { userId = '' } = useParams();
  const members = useTeamMembers();
  const update = useUpdateMember();
  const navigate = useNavigate();
  const { notify } = useNotifications();

  if (members.isPending) {
    return (
      <Box sx={{ p: 6, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading member" />
      </Box>
    );
  }
  const member = members.data?.find((candidate) => candidate.id === userId);
  if (!member) {
    return (
      <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
        <Alert severity="error">{members.error?.message ?? 'This team member could not be found.'}</Alert>
      </Box>
    );
  }
  return (
    <MemberForm
      title="Edit member"
      initial={{
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        role: member.role ?? 'member',
      }}
      emailLocked
      submitLabel="Save changes"
      schema={updateUserRequestSchema}
      toRequest={({ firstName, lastName, role }) => ({ profile: { firstName, lastName }, userId: member.id, role })}
      busy={update.isPending}
      serverError={update.error?.message}
      onSubmit={(request) =>
        update.mutateAsync(request).then(() => {
          notify({
            text: `${request.profile?.firstName ?? member.firstName} ${request.profile?.lastName ?? member.lastName} was updated.`,
            variant: 'success',
          });
          void navigate('/team');
        })
      }
    />
  );
}
