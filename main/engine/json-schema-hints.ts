/**
 * What zod cannot see through when it writes a request's JSON Schema: a field
 * parsed by a transform from "one object or an array of them" (chosen by shape
 * so errors point into what was sent) is registered here with its item schema.
 * Plain data, no Node APIs: the request schemas that import it run in the renderer too.
 */
import type { z } from 'zod';

export const oneOrManyInputs = new WeakMap<object, z.ZodType>();
