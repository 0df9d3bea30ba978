import { ZORRO_MARK_END, ZORRO_MARK_START } from '@zview/contracts';
import Box from '@mui/material/Box';
import { Fragment } from 'react';

/** A passage whose matched terms the server marked: rendered as text with <mark>, never as HTML. */
export function Highlight({ text }: { text: string }) {
  const parts = text.split(ZORRO_MARK_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <Fragment key={i}>{part}</Fragment>;
        const [marked, rest] = part.split(ZORRO_MARK_END);
        return (
          <Fragment key={i}>
            <Box component="mark" sx={{ bgcolor: '#fff1a8', px: 0.25, borderRadius: 0.5 }}>
              {marked}
            </Box>
            {rest}
          </Fragment>
        );
      })}
    </>
  );
}

/** Marks the words of a query in plain text (document pages), case-insensitively. */
export function MarkWords({ text, words }: { text: string; words: string[] }) {
  const clean = words.map((w) => w.replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length > 2);
  if (!clean.length) return <>{text}</>;
  const pattern = new RegExp(`(${clean.map((w) => w.slice(0, Math.max(4, w.length - 2))).join('|')})[\\p{L}]*`, 'giu');
  const out: (string | { m: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out.push(text.slice(last, match.index), { m: match[0] });
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return (
    <>
      {out.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Box key={i} component="mark" sx={{ bgcolor: '#fff1a8', px: 0.25, borderRadius: 0.5 }}>
            {part.m}
          </Box>
        ),
      )}
    </>
  );
}
