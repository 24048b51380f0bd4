import { useState } from 'react';
import type { FollowedJob } from '../../../../preload/contract.js';
import { ValidationResults } from '../results/ValidationResults.js';
import { ukDateTime } from '../../format/index.js';
import { asLocalResult } from './service-result.js';

const JOB_STATE_WORDS: Record<FollowedJob['state'], string> = {
  following: 'Being checked on the service',
  finished: 'Finished',
  failed: 'Could not be followed',
};

/** One validation job followed on the service: where it stands, then its results as a local validation shows them. */
export function JobView({ job, thing = 'File', headingLevel = 3 }: { job: FollowedJob; thing?: string; headingLevel?: 3 | 4 }) {
  const [open, setOpen] = useState(true);
  const H = `h${headingLevel}` as 'h3' | 'h4';
  return (
    <section className="job" aria-label={`Validation job ${job.id}`} data-testid="followed-job">
      <div className="job__head">
        <H style={{ margin: 0 }}>
          Validation job <span className="job__id">{job.id}</span>
        </H>
        <span className={`tag ${job.state === 'finished' ? 'tag--green' : job.state === 'failed' ? 'tag--red' : 'tag--blue'}`}>{JOB_STATE_WORDS[job.state]}</span>
      </div>
      <p className="hint">
        Followed since {ukDateTime(job.startedAt)}; asked {job.polls === 1 ? 'once' : `${job.polls} times`}.
        {job.state === 'following' && job.nextPollAt ? ` Next look at ${ukDateTime(job.nextPollAt)}.` : ''}
        {job.reason ? ` ${job.reason}` : ''}
      </p>
      {job.result ? (
        <>
          <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide the results' : 'Show the results'}
          </button>
          {open ? <ValidationResults result={asLocalResult(job.result)} subject={`validation job ${job.id}`} thing={thing} /> : null}
        </>
      ) : null}
    </section>
  );
}
