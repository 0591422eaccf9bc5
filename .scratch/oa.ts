import { buildOpenApi } from '../shared/openapi';
import { Validator } from '@seriousme/openapi-schema-validator';
const t = performance.now();
const doc = buildOpenApi();
console.log('built in', performance.now() - t, 'ms', JSON.stringify(doc).length);
const v = new Validator();
const r = await v.validate(doc as object);
console.log(r.valid, JSON.stringify(r.errors)?.slice(0, 1500));
