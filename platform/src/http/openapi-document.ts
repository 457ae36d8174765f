import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The form fields of a multipart/form-data route, for the OpenAPI document only: such a route
     * reads its parts itself (no body validation), yet clients and the request fuzz need its shape.
     */
    multipartBody?: ZodType;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * fastify-type-provider-zod's OpenAPI transform, plus the body of multipart routes: their
 * `multipartBody` becomes the documented multipart/form-data request body.
 */
export function documentTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { multipartBody, ...schema } = (input.schema ?? {}) as { multipartBody?: ZodType } & Record<string, unknown>;
  const transformed = jsonSchemaTransform({ ...input, schema: schema as TransformInput['schema'] });
  if (!multipartBody) return transformed;
  return {
    ...transformed,
    schema: { ...(transformed.schema as object), body: z.toJSONSchema(multipartBody, { target: 'openapi-3.0', io: 'input' }) },
  };
}
