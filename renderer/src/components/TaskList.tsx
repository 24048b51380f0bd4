import './components.css';

export type TaskStatus = 'Not started' | 'In progress' | 'Completed' | 'Has errors' | 'Cannot start yet';

export interface Task {
  id: string;
  title: string;
  status: TaskStatus;
  /** Missing or wrong fields; shown when above zero. */
  problems?: number;
}

const tagClass: Record<TaskStatus, string> = {
  'Not started': 'tag tag--grey',
  'In progress': 'tag tag--blue',
  Completed: 'tag tag--green',
  'Has errors': 'tag tag--red',
  'Cannot start yet': 'tag tag--grey',
};

/** Every step reachable in any order; the current one marked with aria-current. */
export function TaskList({ tasks, current, onSelect, label }: { tasks: Task[]; current: string; onSelect(id: string): void; label: string }) {
  return (
    <nav aria-label={label} className="task-list">
      <ol className="task-list__items">
        {tasks.map((t, i) => (
          <li key={t.id} className="task-list__item">
            <button
              type="button"
              className="task-list__link"
              aria-current={t.id === current ? 'step' : undefined}
              aria-describedby={`task-${t.id}-status`}
              data-testid={`task-${t.id}`}
              onClick={() => onSelect(t.id)}
            >
              <span className="task-list__number" aria-hidden="true">
                {i + 1}.
              </span>{' '}
              {t.title}
            </button>
            <span className="task-list__status" id={`task-${t.id}-status`}>
              <strong className={tagClass[t.status]}>{t.status}</strong>
              {t.problems ? ' ' : null}
              {t.problems ? <span className="task-list__count">{t.problems === 1 ? '1 to fix' : `${t.problems} to fix`}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
