/**
 * A copy of `fields` without the properties whose value is `undefined`, so optional properties of events
 * and phases stay absent rather than present and undefined.
 */
export function definedFields<const Fields extends object>(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Fields;
}
