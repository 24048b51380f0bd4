import type { AppInfo } from '../../preload/contract.js';
import { createCt600BuildHandler, createCt600VerifyHandler, type Ct600Engine } from './ct600-handlers.js';
import { createFileSaveHandler, type FileSaverDeps } from './file-save-handler.js';
import { createPackageBuildHandler, createPackageValidateHandler, type PackageEngine } from './package-handlers.js';
import type { Handlers } from './register-handlers.js';

export interface HandlerDeps {
  ct600: Ct600Engine;
  packages: PackageEngine;
  fileSaver: FileSaverDeps;
  appInfo: AppInfo;
}

/** Every channel's handler, built from its dependencies. */
export function createHandlers(deps: HandlerDeps): Handlers {
  return {
    'ct600.build': createCt600BuildHandler(deps.ct600),
    'ct600.verify': createCt600VerifyHandler(deps.ct600),
    'package.build': createPackageBuildHandler(deps.packages),
    'package.validate': createPackageValidateHandler(deps.packages),
    'file.save': createFileSaveHandler(deps.fileSaver),
    'app.info': () => deps.appInfo,
  };
}
