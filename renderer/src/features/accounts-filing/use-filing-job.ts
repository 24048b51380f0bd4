/**
 * Follows a filing main runs in the background: asks where it stands every
 * second until it has an outcome or was refused (nothing sent).
 */
import { useEffect, useState } from 'react';
import type { CompaniesHouseJob } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import { settle } from '../frame/bridge-call.js';

export function useFilingJob(started: CompaniesHouseJob | null): { job: CompaniesHouseJob | null; lost: string | null } {
  const bridge = useBridge();
  const [job, setJob] = useState<CompaniesHouseJob | null>(started);
  const [lost, setLost] = useState<string | null>(null);
  useEffect(() => {
    setJob(started);
    setLost(null);
    if (!started || started.outcome || started.refused) return;
    let stopped = false;
    const ask = async () => {
      if (stopped) return;
      const now = await settle(() => bridge.companiesHouseJob({ jobId: started.jobId }), 'ask where the filing stands');
      if (stopped) return;
      if (!now.ok) return setLost(now.failure.message);
      setJob(now.value);
      if (!now.value.outcome && !now.value.refused) setTimeout(() => void ask(), 1000);
    };
    setTimeout(() => void ask(), 300);
    return () => {
      stopped = true;
    };
  }, [bridge, started]);
  return { job, lost };
}
