import { createUserRequestSchema, isInvitation } from '@zview/contracts';
import { useNavigate } from 'react-router';
import { useNotifications } from '../../ui/notifications';
import { useCreateMember } from './api/createMember';
import { MemberForm } from './MemberForm';

/** /team/add-new-member (group admins, not read-only: guarded by the shell's route table). */
export default function AddMemberPage() {
  const create = useCreateMember();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  return (
    <MemberForm
      title="Add new member"
      intro="They will receive an email inviting them to set a password and sign in."
      initial={{ email: '', firstName: '', lastName: '', role: 'member' }}
      submitLabel="Add member"
      schema={createUserRequestSchema}
      toRequest={({ email, firstName, lastName, role }) => ({ email, profile: { firstName, lastName }, role })}
      busy={create.isPending}
      serverError={create.error?.message}
      onSubmit={(request) =>
        create.mutateAsync(request).then((answer) => {
          notify({
            text: isInvitation(answer)
              ? `${answer.email} already has a Z-VIEW account: we sent them an invitation to join your team.`
              : `${request.profile.firstName} ${request.profile.lastName} was added to the team.`,
            variant: 'success',
          });
          void navigate('/team');
        })
      }
    />
  );
}
