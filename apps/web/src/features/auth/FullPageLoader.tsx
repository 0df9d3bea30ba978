import { Spinner } from '../../ui/plain/Spinner';

/** The full-page loader of the sign-in steps, drawn without MUI (issue 45: the first screens). */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="zv-full-page">
      <Spinner label={label} />
    </div>
  );
}
