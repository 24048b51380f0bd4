/** The header of a table's column of buttons: named for screen readers, blank on screen. */
export function ActionsColumnHeader({ label = 'Actions' }: { label?: 'Actions' | 'Action' }) {
  return (
    <th scope="col">
      <span className="visually-hidden">{label}</span>
    </th>
  );
}
