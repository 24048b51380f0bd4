import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filePathsFromLaunchData, launchFiles, MAX_LAUNCH_FILES } from '../../main/window/launch-files.js';

describe('files a launch hands to the running Filing Desk', () => {
  const folder = join('/home', 'jane', 'Clients');

  it('takes the files from the launch\'s own argv, absolute against the folder it started in', () => {
    expect(launchFiles(['/opt/filing-desk/filing-desk', 'ACME.xbri', '--flag', join('/tmp', 'B.fdesk')], { defaultApp: false, workingDirectory: folder })).toEqual({
      filePaths: [join(folder, 'ACME.xbri'), join('/tmp', 'B.fdesk')],
    });
    // electron . — the app folder is not a file.
    expect(launchFiles(['/usr/bin/electron', '.', 'ACME.xbri'], { defaultApp: true, workingDirectory: folder })).toEqual({ filePaths: [join(folder, 'ACME.xbri')] });
  });

  it('reads back only absolute paths, and at most a bounded number', () => {
    expect(filePathsFromLaunchData({ filePaths: [join(folder, 'A.xbri'), 'B.xbri', 3, '', null] })).toEqual([join(folder, 'A.xbri')]);
    expect(filePathsFromLaunchData(undefined)).toEqual([]);
    expect(filePathsFromLaunchData({ filePaths: 'A.xbri' })).toEqual([]);
    const many = Array.from({ length: MAX_LAUNCH_FILES + 5 }, (_, i) => join(folder, `${i}.xbri`));
    expect(filePathsFromLaunchData({ filePaths: many })).toHaveLength(MAX_LAUNCH_FILES);
  });
});
