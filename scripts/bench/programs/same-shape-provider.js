// The plugin side of the same-shape floor (same-shape.ts): a dynamic provider that does nothing with
// resources that carry exactly the properties the tcs resources carry. The engine's dynamic-provider
// plugin loads it from the `__provider` module of each same-shape resource; plain JavaScript, as the
// plugin runs plain node. No request to anyone: check returns the news, diff compares the declared
// values with the recorded ones (no change in a no-change preview, an in-place change in the 10%
// update), create returns an id and every field of the resource's shape (the inputs, and the
// template's values for the rest, nulls included), read returns the state, update returns the news as
// outputs the same way, delete does nothing. The templates, one per kind (`{ prefix, fields }`), come
// from the bench's process in TCS_BENCH_SAME_SHAPE, derived from provider/shapes.
const { randomBytes } = require("node:crypto");

const TEMPLATES_ENV = "TCS_BENCH_SAME_SHAPE";
// Set: the plugin records in the outputs the environment record the dynamic door's plugin adds to every
// resource, with a value of the same length (provider/shapes/reserved.ts): one of the two properties
// the dynamic-provider host makes that door carry (the program sends the other, the create key; see
// same-shape.ts). The checks' fingerprint is not one of them: the native door carries it too.
const PLUMBING_ENV = "TCS_BENCH_SAME_SHAPE_PLUMBING";
const OUTPUT_PLUMBING = { __tcsEnvironment: "_DGTUg_9UV-TGXbyR4hobO@rol_B16c3PniiXfEwPvRm0GA" };

/** Every field of the template, the declared value where there is one. */
function outputsOf(template, inputs, plumbing = false) {
  const outs = {};
  for (const [name, value] of Object.entries(template.fields))
    outs[name] = inputs[name] !== undefined ? inputs[name] : value;
  return plumbing ? { ...outs, ...OUTPUT_PLUMBING } : outs;
}

/** Whether a declared value differs from the one recorded (the outputs hold every declared input). */
function changed(olds, news) {
  for (const [name, value] of Object.entries(news)) {
    // Not the provider module, nor the plumbing inputs, which outputs do not hold.
    if (!name.startsWith("__") && JSON.stringify(value) !== JSON.stringify(olds[name])) return true;
  }
  return false;
}

/** The provider of one kind; the templates default to those the bench passed in the environment. */
function forKind(kind, templates = JSON.parse(process.env[TEMPLATES_ENV] ?? "{}")) {
  const template = templates[kind];
  if (!template) throw new Error(`same-shape floor: no template for ${kind} in ${TEMPLATES_ENV}`);
  const plumbing = process.env[PLUMBING_ENV] === "1";
  return {
    check: async (_olds, news) => ({ inputs: news }),
    diff: async (_id, olds, news) => ({ changes: changed(olds, news) }),
    create: async (inputs) => ({
      id: `${template.prefix}_${randomBytes(10).toString("hex")}`,
      outs: outputsOf(template, inputs, plumbing),
    }),
    read: async (id, props) => ({ id, props }),
    update: async (_id, _olds, news) => ({ outs: outputsOf(template, news, plumbing) }),
    delete: async () => {},
  };
}

module.exports = { TEMPLATES_ENV, PLUMBING_ENV, forKind, outputsOf, changed };
