import { NOTICE_BLOCK_MAX, type NoticeTemplate, type NoticeTextsResponse } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSession } from '../../session/session';
import { useNotifications } from '../../ui/notifications';
import { useNoticeTexts, useSaveNoticeTexts } from './api/noticeTexts';

export const NOTICE_TEMPLATE_LABELS: Record<NoticeTemplate, string> = {
  CO: 'Colorado',
  CA: 'California',
  default: 'Every other state',
};

type Template = NoticeTextsResponse['templates'][number];

/**
 * /settings/notices (group admins): the wording of the organisation's score notices, per state
 * template. Each block can be replaced or restored to the template's wording; the server checks
 * every text (not empty, at most NOTICE_BLOCK_MAX characters).
 */
export default function NoticeTextsPage() {
  const session = useSession();
  const texts = useNoticeTexts();
  const [tab, setTab] = useState<NoticeTemplate>('CO');
  const template = texts.data?.templates.find((t) => t.template === tab);
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', px: 3, py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Score notice wording
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {session.activeOrganization?.name}: the text blocks printed on your score notices (PDF), per state. Scores,
        features, mitigations and deadlines are filled in by Z-VIEW.
      </Typography>
      <Tabs value={tab} onChange={(_, value: NoticeTemplate) => setTab(value)} sx={{ mb: 2 }}>
        {(Object.keys(NOTICE_TEMPLATE_LABELS) as NoticeTemplate[]).map((t) => (
          <Tab key={t} value={t} label={NOTICE_TEMPLATE_LABELS[t]} />
        ))}
      </Tabs>
      {texts.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : texts.error || !template ? (
        <Alert severity="error">The notice wording could not be loaded.</Alert>
      ) : (
        <TemplateEditor key={`${tab}-${template.blocks.map((b) => b.body).join('|').length}`} template={template} />
      )}
    </Box>
  );
}

function TemplateEditor({ template }: { template: Template }) {
  const save = useSaveNoticeTexts();
  const { notify } = useNotifications();
  const [drafts, setDrafts] = useState(() => Object.fromEntries(template.blocks.map((b) => [b.block, b.body])));
  const changed = template.blocks.filter((b) => drafts[b.block] !== b.body);

  function submit(blocks: Record<string, string | null>, done: string) {
    save.mutate(
      { template: template.template, blocks },
      {
        onSuccess: () => notify({ text: done, variant: 'success' }),
        onError: (error) => notify({ text: `The wording was not saved. ${error.message}`, variant: 'error' }),
      },
    );
  }

  return (
    <Stack spacing={2}>
      {template.blocks.map((b) => {
        const value = drafts[b.block] ?? '';
        const tooLong = value.length > NOTICE_BLOCK_MAX;
        const empty = value.trim() === '';
        return (
          <Paper key={b.block} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {b.title}
              </Typography>
              {b.edited && (
                <Button
                  size="small"
                  onClick={() => submit({ [b.block]: null }, `${b.title}: the template's wording is back.`)}
                >
                  Restore default
                </Button>
              )}
            </Stack>
            <TextField
              label={b.title}
              multiline
              minRows={3}
              fullWidth
              value={value}
              onChange={(event) => setDrafts({ ...drafts, [b.block]: event.target.value })}
              error={tooLong || empty}
              helperText={
                empty
                  ? 'A block cannot be empty: restore the default wording instead.'
                  : `${value.length} / ${NOTICE_BLOCK_MAX} characters${b.edited ? ' · edited' : ' · template wording'}`
              }
            />
          </Paper>
        );
      })}
      <Box>
        <Button
          variant="contained"
          loading={save.isPending}
          disabled={
            changed.length === 0 ||
            changed.some(
              (b) => (drafts[b.block] ?? '').trim() === '' || (drafts[b.block] ?? '').length > NOTICE_BLOCK_MAX,
            )
          }
          onClick={() =>
            submit(
              Object.fromEntries(changed.map((b) => [b.block, drafts[b.block] ?? ''])),
              'The notice wording is saved.',
            )
          }
        >
          Save wording
        </Button>
      </Box>
    </Stack>
  );
}
