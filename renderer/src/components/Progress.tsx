import { Meter as AriaMeter, Label, ProgressBar } from 'react-aria-components';
import './components.css';

/** Shown for anything that takes more than a moment: an indeterminate bar with what is happening. */
export function Busy({ label }: { label: string }) {
  return (
    <ProgressBar isIndeterminate aria-label={label} className="busy">
      <span className="busy__bar" aria-hidden="true">
        <span className="busy__fill" />
      </span>
      <span className="busy__label">{label}</span>
    </ProgressBar>
  );
}

/** How much of a limit is used: a bar with the used and allowed amounts in words. */
export function Meter({ label, value, max, valueText }: { label: string; value: number; max: number; valueText: string }) {
  const share = max > 0 ? Math.min(100, (value / max) * 100) : 0;
  return (
    <AriaMeter value={value} minValue={0} maxValue={max} valueLabel={valueText} className={`meter${share >= 90 ? ' meter--high' : ''}`}>
      {({ percentage }) => (
        <>
          <div className="meter__labels">
            <Label className="meter__label">{label}</Label>
            <span className="meter__value">{valueText}</span>
          </div>
          <div className="meter__track" aria-hidden="true">
            <progress className="meter__fill" max={100} value={percentage} />
          </div>
        </>
      )}
    </AriaMeter>
  );
}
