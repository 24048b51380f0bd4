/**
 * The JSON Schema (draft 2020-12) of a request, generated from the zod schema
 * the engine parses it with: the input side (what a caller sends), with the
 * field rules the schemas state in `.meta()` beside their own checks.
 */
import { z } from 'zod';
import { oneOrManyInputs } from './json-schema-hints.js';

type JsonSchema = Record<string, unknown>;

function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    // A refinement or transform has no JSON Schema form; its input type still does.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const item = oneOrManyInputs.get(zodSchema);
      if (!item) return;
      const { $schema: _, ...one } = inputSchema(item);
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, { anyOf: [one, { type: 'array', items: one }] });
    },
  }) as JsonSchema;
}

const TITLES = {
  ct600: ['build-ct600 request', 'Body of POST /hrmc/build-ct600 and of `cli ct600 build`.'],
  package: ['create-report-package request', 'Body of POST /report-package and of `cli package build`.'],
} as const;

export async function requestJsonSchema(which: 'ct600' | 'package'): Promise<JsonSchema> {
  const schema =
    which === 'ct600'
      ? (await import('./ct600/request-schema.js')).ct600RequestSchema
      : (await import('./package/request-schema.js')).reportPackageRequestSchema;
  const { $schema, ...rest } = inputSchema(schema);
  return { $schema, title: TITLES[which][0], description: TITLES[which][1], ...rest };
}
