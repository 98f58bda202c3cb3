// GetSchema's response as the plugin sends it (provider/native/schema.ts): framed by hand, it must be
// the bytes google-protobuf's own writer makes for the same text, whatever its length (the length is a
// varint of one to three bytes for a schema), and decode to the schema the plugin serves.
import { GetSchemaResponse } from "@pulumi/pulumi/proto/provider_pb";
import { schemaResponse, schemaText } from "../../../provider/native/schema";

const written = (text: string) => Buffer.from(new GetSchemaResponse().setSchema(text).serializeBinary());

it("frames any text as google-protobuf writes it", () => {
  for (const text of [
    "",
    "a",
    "x".repeat(127),
    "x".repeat(128),
    "é".repeat(100),
    "y".repeat(16_383),
    "y".repeat(16_384),
    "z".repeat(300_000),
  ]) {
    expect(schemaResponse(text).equals(written(text))).toBe(true);
  }
});

it("decodes to the schema the plugin serves", () => {
  expect(GetSchemaResponse.deserializeBinary(schemaResponse()).getSchema()).toBe(schemaText());
});
