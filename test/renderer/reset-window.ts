import { useNotices } from '../../renderer/src/features/frame/notices.js';
import { useNavigation } from '../../renderer/src/store/navigation.js';

/** Each test starts on a fresh window: Start, nothing open, no notices, nothing remembered. */
export function resetWindow(): void {
  sessionStorage.clear();
  useNavigation.setState({ section: 'start', draft: null, newReturn: false });
  useNotices.setState({ notices: [] });
}
