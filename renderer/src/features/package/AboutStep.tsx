import { DateInput } from '../../components/DateInput.js';
import { CountryField, WizardText } from './fields.js';
import { ABOUT_FIELDS, type AboutField } from './form.js';
import { usePackageWizard } from './package-context.js';

/** About the package: the taxonomy package's metadata, one field each, labelled in plain English. */
export function AboutStep() {
  const ctx = usePackageWizard();
  const about = ctx.form.about;
  const set = (id: AboutField, value: string) => ctx.update((f) => ({ ...f, about: { ...f.about, [id]: value } }));
  return (
    <>
      {ABOUT_FIELDS.map((f) => {
        if (f.kind === 'date') {
          return (
            <DateInput
              key={f.id}
              id={f.id}
              label={f.label}
              hint={f.hint}
              value={about.publicationDate}
              error={ctx.shownError(f.id)}
              onChange={(value) => ctx.update((form) => ({ ...form, about: { ...form.about, publicationDate: value } }))}
              onBlur={() => ctx.touch(f.id)}
            />
          );
        }
        if (f.kind === 'country') {
          return <CountryField key={f.id} id={f.id} label={f.label} hint={f.hint} value={about.publisherCountry} onChange={(code) => set('publisherCountry', code)} />;
        }
        return (
          <WizardText
            key={f.id}
            id={f.id}
            label={f.label}
            hint={f.hint}
            value={about[f.id] as string}
            long={f.kind === 'long'}
            width={f.id === 'version' || f.id === 'reportPackageLanguage' ? 'short' : 'long'}
            onChange={(value) => set(f.id, value)}
          />
        );
      })}
    </>
  );
}
