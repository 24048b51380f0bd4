/**
 * A benchmark's helper process that reports its figures on the IPC channel
 * (process.send), never on stdout: whatever the code under test or a library
 * prints there cannot be mistaken for the figures, nor break their parsing.
 */
import { spawn } from 'node:child_process';

/** Runs `node <nodeArgs>` to its exit and resolves with the one message it sent; rejects if it failed or sent none. */
export function runReportingChild<T>(nodeArgs: string[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let message: { value: T } | undefined;
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('message', (m) => {
      message ??= { value: m as T };
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0) reject(new Error(`${nodeArgs.join(' ')} exited ${code ?? signal}: ${stderr}`));
      else if (!message) reject(new Error(`${nodeArgs.join(' ')} exited without reporting its figures: ${stderr}`));
      else resolve(message.value);
    });
  });
}
