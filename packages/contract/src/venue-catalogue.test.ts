import { describe, expect, it } from 'vitest';
import {
  capProblems,
  CATALOGUE_LIMITS,
  catalogueJsonSchema,
  checkCatalogue,
  MAX_LISTED_PROBLEMS,
  VenueCatalogue,
} from './venue-catalogue.ts';
import { smallCatalogue } from './venue-catalogue.fixture.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- documents are broken on purpose

function problemsAfter(change: (doc: Doc) => void) {
  const doc = JSON.parse(JSON.stringify(smallCatalogue())) as Doc;
  change(doc);
  const check = checkCatalogue(doc);
  expect(check.ok).toBe(false);
  return check.problems;
}

describe('venue catalogue shape', () => {
  it('accepts the hand-written catalogue as it is', () => {
    const check = checkCatalogue(smallCatalogue());
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('fills what a hand-written document may leave out with the defaults', () => {
    const doc = smallCatalogue() as Doc;
    const item = doc.vendors[0].items[2];
    for (const key of [
      'description',
      'visible',
      'currentInventory',
      'burden',
      'isRestricted',
      'displayAssetId',
      'modifierGroupsIds',
      'availability',
    ])
      delete item[key];
    delete doc.coupons;
    const parsed = VenueCatalogue.parse(doc);
    expect(parsed.vendors[0]!.items[2]).toMatchObject({
      description: '',
      visible: true,
      currentInventory: null,
      burden: 1,
      isRestricted: false,
      displayAssetId: null,
      modifierGroupsIds: [],
      availability: null,
    });
    expect(parsed.coupons).toEqual([]);
  });

  it('reports a negative price at its path', () => {
    expect(problemsAfter((d) => (d.vendors[0].items[2].price = -50))).toEqual([
      { path: '$.vendors[0].items[2].price', message: 'A price must not be negative.' },
    ]);
    expect(problemsAfter((d) => (d.vendors[0].modifiers[1].price = -1))).toEqual([
      { path: '$.vendors[0].modifiers[1].price', message: 'A price must not be negative.' },
    ]);
  });

  it('reports a price in dollars rather than cents', () => {
    expect(problemsAfter((d) => (d.vendors[0].items[0].price = 14.5))).toEqual([
      { path: '$.vendors[0].items[0].price', message: 'A price is a whole number of cents.' },
    ]);
  });

  it('reports each unknown field, so a misspelt one is not dropped silently', () => {
    expect(
      problemsAfter((d) => {
        d.vendors[0].items[0].prise = 100;
        d.venue.colour = 'blue';
        d.extra = true;
      }),
    ).toEqual(
      expect.arrayContaining([
        {
          path: '$.vendors[0].items[0].prise',
          message: 'Unknown field "prise": the catalogue format has no such field here.',
        },
        { path: '$.venue.colour', message: 'Unknown field "colour": the catalogue format has no such field here.' },
        { path: '$.extra', message: 'Unknown field "extra": the catalogue format has no such field here.' },
      ]),
    );
  });

  it('reports missing fields, wrong types and unknown choices as sentences', () => {
    const problems = problemsAfter((d) => {
      delete d.vendors[1].storeName;
      d.vendors[1].tts = '5 minutes';
      d.vendors[1].vendorOrderConfiguration.availableServiceModes = ['Drone'];
      d.vendors[0].items = {};
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '$.vendors[1].storeName', message: 'This field is required.' },
        { path: '$.vendors[1].tts', message: 'Must be a number, not string.' },
        {
          path: '$.vendors[1].vendorOrderConfiguration.availableServiceModes[0]',
          message: 'Must be one of "TakeAway", "HomeDelivery".',
        },
        { path: '$.vendors[0].items', message: 'Must be an array, not object.' },
      ]),
    );
  });

  it('reports the format version, time zones, times of day, coupon codes and dates', () => {
    const problems = problemsAfter((d) => {
      d.version = 2;
      d.venue.timeZone = 'Mars/Olympus';
      d.vendors[0].openingHours[0].opens = '9am';
      d.vendors[0].items[1].availability.monday[0].endTime = '24:00';
      d.coupons[0].code = 'ten off';
      d.coupons[1].validFrom = 'tomorrow';
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '$.version', message: 'The format version must be 1.' },
        { path: '$.venue.timeZone', message: 'Must be an IANA time zone, e.g. "Australia/Sydney".' },
        {
          path: '$.vendors[0].openingHours[0].opens',
          message: 'A time of day is written "HH:mm", from 00:00 to 23:59.',
        },
        {
          path: '$.vendors[0].items[1].availability.monday[0].endTime',
          message: 'A time of day is written "HH:mm", from 00:00 to 23:59.',
        },
        { path: '$.coupons[0].code', message: 'A coupon code is 1 to 64 capital letters, digits, "-" or "_".' },
        { path: '$.coupons[1].validFrom', message: 'Must be an ISO 8601 instant, e.g. "2026-12-01T00:00:00Z".' },
      ]),
    );
  });

  it('reports empty names, control characters and texts past their limits', () => {
    const problems = problemsAfter((d) => {
      d.vendors[0].items[0].name = '   ';
      d.vendors[0].items[1].name = 'Bad\u0000name';
      d.vendors[0].items[2].description = 'x'.repeat(CATALOGUE_LIMITS.description + 1);
    });
    expect(problems).toEqual([
      { path: '$.vendors[0].items[0].name', message: 'Must not be empty.' },
      { path: '$.vendors[0].items[1].name', message: 'Must not contain control characters.' },
      { path: '$.vendors[0].items[2].description', message: 'Must be at most 2000 characters long.' },
    ]);
  });

  it('bounds ids and lists: an id past 32 bits, too many vendors', () => {
    expect(problemsAfter((d) => (d.vendors[0].id = 2 ** 31))).toEqual(
      expect.arrayContaining([{ path: '$.vendors[0].id', message: 'An id must be at most 2147483647.' }]),
    );
    expect(
      problemsAfter((d) => (d.vendors = Array.from({ length: CATALOGUE_LIMITS.vendors + 1 }, () => 1))),
    ).toContainEqual({ path: '$.vendors', message: `Must have at most ${CATALOGUE_LIMITS.vendors} entries.` });
  });

  it('reports shape and rule problems together', () => {
    const problems = problemsAfter((d) => {
      d.vendors[0].items[0].price = -1;
      d.vendors[0].items[0].modifierGroupsIds = [12345];
    });
    expect(problems).toEqual([
      { path: '$.vendors[0].items[0].price', message: 'A price must not be negative.' },
      {
        path: '$.vendors[0].items[0].modifierGroupsIds[0]',
        message: 'Modifier group 12345 is not a modifier group of this vendor.',
      },
    ]);
  });

  it('answers a problem for a document that is not an object, and for a deeply nested one', () => {
    expect(checkCatalogue([]).problems).toEqual([{ path: '$', message: 'Must be an object, not array.' }]);
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    const problems = problemsAfter((d) => (d.vendors[0].items[0].availability = { monday: deep }));
    expect(problems[0]?.path).toBe('$.vendors[0].items[0].availability.monday[0]');
  });

  it('lists at most MAX_LISTED_PROBLEMS problems, counting the rest', () => {
    const many = Array.from({ length: MAX_LISTED_PROBLEMS + 5 }, (_, i) => ({ path: `$.x[${i}]`, message: 'm' }));
    const capped = capProblems(many);
    expect(capped).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(capped.at(-1)).toEqual({ path: '$', message: '6 more problems are not listed; fix these first.' });
  });
});

describe('venue catalogue JSON Schema', () => {
  it('is generated from the zod schema, strict, with the fields of the format', () => {
    const document = catalogueJsonSchema() as Doc;
    expect(document.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(document.$ref).toBe('#/$defs/VenueCatalogue');
    const schema = document.$defs.VenueCatalogue;
    expect(schema.required).toEqual(['version', 'venue', 'vendors']);
    expect(schema.additionalProperties).toBe(false);
    const vendor = schema.properties.vendors.items;
    expect(Object.keys(vendor.properties)).toEqual(
      expect.arrayContaining([
        'storeName',
        'vendorOrderConfiguration',
        'openingHours',
        'itemTypes',
        'items',
        'modifierGroups',
        'modifiers',
      ]),
    );
    expect(vendor.properties.items.items.properties.price).toMatchObject({ type: 'integer', minimum: 0 });
  });
});
