/** A section that later versions fill in; says so plainly rather than pretending. */
export function ComingLater({ title, summary, plans }: { title: string; summary: string; plans: string[] }) {
  return (
    <>
      <header className="page-header">
        <h2>{title}</h2>
        <p>{summary}</p>
      </header>
      <div className="card coming-later">
        <p className="coming-later__tag">Coming in a later version</p>
        <p>This part of Filing Desk is not built yet. When it is, it will let you:</p>
        <ul>
          {plans.map((plan) => (
            <li key={plan}>{plan}</li>
          ))}
        </ul>
        <p>Until then, you can check finished files under “Validate a file”.</p>
      </div>
    </>
  );
}
