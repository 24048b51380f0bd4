import { deserialize, serialize } from 'node:v8';

/**
 * What Electron's IPC does to every argument and result on the main side:
 * V8's structured clone. A function, a symbol or a class with private state
 * throws here ("could not be cloned"), a class instance arrives as a plain
 * object, a Buffer as bytes: the same as in the app.
 */
export function structuredCloneInNode<T>(value: T): T {
  try {
    return deserialize(serialize(value)) as T;
  } catch (error) {
    throw new Error(`An object could not be cloned. (${error instanceof Error ? error.message : String(error)})`);
  }
}
