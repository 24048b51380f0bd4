import { Fragment } from 'react';

/**
 * Text that may break after each "/", as a path such as
 * /GovTalkMessage/Body/IRenvelope/… does, so a table column holding one
 * wraps between its steps instead of overflowing or breaking inside a name.
 */
export function BreakableText({ text }: { text: string }) {
  if (!text.includes('/')) return <>{text}</>;
  const parts = text.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
