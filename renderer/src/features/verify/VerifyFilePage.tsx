import { useId, useRef, useState } from 'react';
import type { DraftBuildMatch } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { describedByOf, Field } from '../../components/Field.js';
import { FileDropZone } from '../../components/FileDropZone.js';
import { Busy } from '../../components/Progress.js';
import { settle } from '../frame/bridge-call.js';
import { formatSize, ukDateTime } from '../../format/index.js';
import { expectedFromChecksumFile, expectedFromPaste, isChecksumFileName, MAX_VERIFY_BYTES, sha256Hex, verdictOf, type Expected } from './verify.js';
import '../package/package.css';

type Subject =
  | { status: 'reading'; fileName: string; size: number }
  | { status: 'ready'; fileName: string; size: number; sha256: string; matches: DraftBuildMatch[]; lookupProblem: string | null }
  | { status: 'error'; fileName: string; message: string };

/** "Verify a file": are the bytes on disk exactly the ones built? Against a .sha256 file, a pasted hash, or the drafts' builds. */
export function VerifyFilePage() {
  const bridge = useBridge();
  const [subject, setSubject] = useState<Subject | null>(null);
  const [checksum, setChecksum] = useState<{ fileName: string; text: string } | null>(null);
  const [pasted, setPasted] = useState('');
  const [pasteLeft, setPasteLeft] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const ticket = useRef(0);
  const pasteId = useId();

  const readSubject = async (file: File) => {
    const mine = ++ticket.current;
    if (file.size > MAX_VERIFY_BYTES) {
      setSubject({ status: 'error', fileName: file.name, message: `${file.name} is ${formatSize(file.size)}; Filing Desk verifies files up to ${formatSize(MAX_VERIFY_BYTES)}.` });
      return;
    }
    setSubject({ status: 'reading', fileName: file.name, size: file.size });
    try {
      const sha256 = await sha256Hex(await file.arrayBuffer());
      const found = await settle(() => bridge.findDraftBuild({ sha256 }), 'look through your drafts');
      if (mine !== ticket.current) return;
      setSubject({
        status: 'ready',
        fileName: file.name,
        size: file.size,
        sha256,
        matches: found.ok ? found.value.matches : [],
        lookupProblem: found.ok ? null : found.failure.message,
      });
    } catch {
      if (mine === ticket.current) setSubject({ status: 'error', fileName: file.name, message: `${file.name} could not be read. Check the file is still there and try again.` });
    }
  };

  const add = async (files: File[]) => {
    setNote(null);
    const sums = files.filter((f) => isChecksumFileName(f.name));
    const others = files.filter((f) => !isChecksumFileName(f.name));
    if (others.length > 1) setNote(`Verify one file at a time: checking ${others[0]!.name} only.`);
    const sum = sums[0];
    if (sum) {
      if (sum.size > 1024 * 1024) setNote(`${sum.name} is too large to be a checksum file.`);
      else {
        try {
          setChecksum({ fileName: sum.name, text: await sum.text() });
        } catch {
          setNote(`${sum.name} could not be read.`);
        }
      }
    }
    if (others[0]) await readSubject(others[0]);
  };

  const fileName = subject?.fileName ?? null;
  const fromFile: Expected | null = checksum ? expectedFromChecksumFile(checksum.fileName, checksum.text, fileName) : null;
  const fromPaste = expectedFromPaste(pasted);
  // A pasted hash is what the user typed last on purpose; it wins over a dropped checksum file.
  const expected = fromPaste && 'sha256' in fromPaste ? fromPaste : fromFile && 'sha256' in fromFile ? fromFile : null;
  const pasteError = pasteLeft && fromPaste && 'problem' in fromPaste ? fromPaste.problem : undefined;
  const ready = subject?.status === 'ready' ? subject : null;
  const verdict = ready ? verdictOf(ready.sha256, expected, ready.matches) : null;
  const match = ready?.matches[0];

  return (
    <>
      <header className="page-header">
        <h2>Verify a file</h2>
        <p>Check that a file on disk is exactly the one that was built: not changed, damaged or swapped since.</p>
      </header>
      <FileDropZone
        label="Drop the file to verify, and its .sha256 file if you have one"
        hint="Any file: usually a report package (.xbri, .xbr, .zip). A package built and saved in Filing Desk is recognised without a checksum. Files stay on this computer."
        acceptedTypes={[]}
        allowsMultiple
        onFiles={(files) => void add(files)}
        testId="drop-verify"
      />
      {note ? (
        <p className="field__error" role="alert">
          {note}
        </p>
      ) : null}
      <section className="step-section" aria-labelledby="expected-heading">
        <h3 id="expected-heading">The checksum to compare with</h3>
        {checksum ? (
          <p data-testid="checksum-file">
            Checksum file: <strong>{checksum.fileName}</strong>{' '}
            <button type="button" className="link" onClick={() => setChecksum(null)}>
              Remove{' '}<span className="visually-hidden">{checksum.fileName}</span>
            </button>
          </p>
        ) : (
          <p className="attachments__none">No checksum file added. Drop it with the file, or paste the SHA-256 below.</p>
        )}
        {fromFile && 'problem' in fromFile ? (
          <p className="field__error" role="alert" data-testid="checksum-problem">
            {fromFile.problem}
          </p>
        ) : null}
        <Field id={pasteId} label="Or paste the SHA-256 (optional)" hint="64 characters, 0–9 and a–f, as sha256sum, certutil or Get-FileHash print it. Spaces are ignored." error={pasteError}>
          <textarea
            id={pasteId}
            className="input input--long textarea digest"
            rows={2}
            value={pasted}
            spellCheck={false}
            aria-invalid={pasteError ? true : undefined}
            aria-describedby={describedByOf({ id: pasteId, label: '', hint: 'x', error: pasteError })}
            onChange={(e) => setPasted(e.currentTarget.value)}
            onBlur={() => setPasteLeft(true)}
            data-testid="paste-sha256"
          />
        </Field>
      </section>

      <section className="result" aria-label="Result" aria-live="polite" role="status" aria-busy={subject?.status === 'reading'}>
        {!subject ? <p className="result__empty">No file added yet.</p> : null}
        {subject ? (
          <p className="result__file">
            <strong>{subject.fileName}</strong>
            {'size' in subject ? <span> · {formatSize(subject.size)}</span> : null}
          </p>
        ) : null}
        {subject?.status === 'reading' ? <Busy label={`Working out the SHA-256 of ${subject.fileName}…`} /> : null}
        {subject?.status === 'error' ? (
          <div className="verdict verdict--bad" role="alert">
            <p>{subject.message}</p>
          </div>
        ) : null}
        {ready && verdict ? (
          <div className={`verdict ${verdict.kind === 'mismatch' ? 'verdict--bad' : verdict.kind === 'unknown' ? '' : 'verdict--good'}`} data-testid="verify-verdict">
            <h3 className="verdict__headline">
              <span className="verdict__badge" aria-hidden="true">
                {verdict.kind === 'mismatch' ? '!' : verdict.kind === 'unknown' ? '?' : '✓'}
              </span>
              {verdict.kind === 'match'
                ? 'The file matches: it is exactly the file the checksum was made from'
                : verdict.kind === 'mismatch'
                  ? 'The file does not match: it is not the file that was built'
                  : verdict.kind === 'recognised'
                    ? 'Recognised: Filing Desk built exactly this file'
                    : 'Not checked yet: there is nothing to compare it with'}
            </h3>
            {verdict.kind === 'match' ? <p>Every byte is the same as when the checksum was made, so it has not been changed or damaged since.</p> : null}
            {verdict.kind === 'mismatch' ? (
              <p>
                Even a one-character change gives a different SHA-256. This file has been changed, damaged in copying, or is a different file. Do not send it on: save
                the package again from its draft, or ask for a fresh copy.
              </p>
            ) : null}
            {verdict.kind === 'recognised' ? (
              <p>
                It was built from the draft “{verdict.build.title}” on {ukDateTime(verdict.build.builtAt)} as {verdict.build.fileName}, and not a byte has changed since.
                {verdict.build.changedSinceBuild ? ' The draft has been changed after that build; this file is still what that build made.' : ''}
              </p>
            ) : null}
            {verdict.kind === 'unknown' ? (
              <p>No draft in Filing Desk built this file. To check it, drop its .sha256 file or paste the SHA-256 you were given.</p>
            ) : null}
            {verdict.kind !== 'recognised' && match ? (
              <p data-testid="draft-match">
                Filing Desk built this exact file from the draft “{match.title}” on {ukDateTime(match.builtAt)} as {match.fileName}.
              </p>
            ) : null}
            {ready.lookupProblem ? <p>Your drafts could not be searched for this file: {ready.lookupProblem}</p> : null}
            <dl className="verify__digests">
              <dt>SHA-256 of the file on disk</dt>
              <dd>
                <code className="digest" data-testid="actual-sha256">
                  {ready.sha256}
                </code>
              </dd>
              {verdict.kind === 'match' || verdict.kind === 'mismatch' ? (
                <>
                  <dt>SHA-256 expected, from {verdict.from}</dt>
                  <dd>
                    <code className="digest" data-testid="expected-sha256">
                      {verdict.expected}
                    </code>
                  </dd>
                </>
              ) : null}
              {verdict.kind === 'recognised' ? (
                <>
                  <dt>SHA-256 recorded when it was built</dt>
                  <dd>
                    <code className="digest" data-testid="expected-sha256">
                      {verdict.build.sha256}
                    </code>
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}
      </section>
    </>
  );
}
