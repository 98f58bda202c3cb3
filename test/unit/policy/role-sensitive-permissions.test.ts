import { roleSensitivePermissions } from "../../../policy/rules/role-sensitive-permissions";
import { messagesFor } from "./helpers";

const check = (props: Record<string, unknown>, config?: Record<string, unknown>) =>
  messagesFor(
    roleSensitivePermissions,
    "Role",
    { name: "Support", slug: "support", ...props },
    { name: "support", config },
  );

describe("tcs-role-sensitive-permissions", () => {
  it("passes a role without sensitive permissions, whatever its description", async () => {
    expect(await check({ permissions: ["thread_read"] })).toEqual([]);
  });

  it("refuses a sensitive grant without the approval tag, naming each sensitive permission", async () => {
    expect(await check({ permissions: ["thread_read", "member_manage"], description: "Support staff" })).toEqual([
      "role 'support' grants sensitive permission member_manage without the approval tag '[approved-sensitive]' in its description",
    ]);
    expect(await check({ permissions: ["tool_call_execute", "member_manage"] })).toEqual([
      "role 'support' grants sensitive permissions member_manage, tool_call_execute without the approval tag '[approved-sensitive]' in its description",
    ]);
  });

  it("passes a sensitive grant whose description carries the tag", async () => {
    expect(await check({ permissions: ["member_manage"], description: "Support leads [approved-sensitive]" })).toEqual(
      [],
    );
  });

  it("takes the sensitive permissions and the tag from the config", async () => {
    const config = { sensitivePermissions: ["thread_delete"], approvalTag: "APPROVED" };
    expect(await check({ permissions: ["member_manage"] }, config)).toEqual([]);
    expect(await check({ permissions: ["thread_delete"], description: "x" }, config)).toEqual([
      "role 'support' grants sensitive permission thread_delete without the approval tag 'APPROVED' in its description",
    ]);
    expect(await check({ permissions: ["thread_delete"], description: "APPROVED by sec" }, config)).toEqual([]);
  });
});
