import { z } from 'zod';
import { MAX_DROPPED_FILE_BYTES, type Channel, type RequestOf } from '../../preload/contract.js';

/**
 * The shape each channel accepts, checked in main before anything runs: the
 * renderer is treated as untrusted input like any other. Domain rules (a valid
 * CT600 request, a well-formed package request) stay with the engine, which
 * reports them as field errors of its own.
 */
const fileName = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((name) => !/[/\\\0]/.test(name), 'must be a file name, not a path');

const bytes = z
  .instanceof(Uint8Array, { message: 'must be the file’s bytes (Uint8Array)' })
  .refine((b) => b.byteLength > 0, 'the file is empty')
  .refine(
    (b) => b.byteLength <= MAX_DROPPED_FILE_BYTES,
    `the file is larger than ${MAX_DROPPED_FILE_BYTES / (1024 * 1024)} MB`,
  );

function droppedFile(extensions: readonly string[]) {
  return z.object({
    fileName: fileName.refine(
      (name) => extensions.some((ext) => name.toLowerCase().endsWith(ext)),
      `must end in ${extensions.join(', ')}`,
    ),
    bytes,
  });
}

/** Any JSON-like object; the engine checks the fields. */
const requestObject = z.record(z.string(), z.unknown(), { message: 'must be an object' });

const saveFilter = z.object({
  name: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  extensions: z
    .array(z.string().regex(/^(\*|[A-Za-z0-9]{1,10})$/, 'must be an extension without a dot, e.g. "xml"'))
    .min(1, 'must list at least one extension'),
});

export const requestSchemas = {
  'ct600.build': requestObject,
  'ct600.verify': droppedFile(['.xml']),
  'package.build': z.object({
    request: requestObject,
    includeHash: z.boolean({ message: 'must be true or false' }),
  }),
  'package.validate': droppedFile(['.xbri', '.xbr', '.zip']),
  'file.save': z.object({
    suggestedName: fileName.refine((name) => name !== '.' && name !== '..', 'must be a file name'),
    contents: z.union([z.string(), z.instanceof(Uint8Array)], { message: 'must be text or bytes (Uint8Array)' }),
    filters: z.array(saveFilter),
  }),
  'app.info': z.undefined({ message: 'takes no request' }),
} satisfies { [C in Channel]: z.ZodType<RequestOf<C>> };
