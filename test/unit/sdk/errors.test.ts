import {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ToolConnectivityError,
  UnprocessableEntityError,
} from "../../../sdk/index";

describe("APIError.generate", () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
  ])("maps %i to its class", (status, cls) => {
    const error = APIError.generate({ status, body: { code: "x", message: "m" }, headers: {} });
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(ToolConnectivityError);
    expect(error.name).toBe(cls.name);
  });

  it("keeps other statuses as a plain APIError", () => {
    expect(APIError.generate({ status: 409, body: {}, headers: {} }).constructor).toBe(APIError);
  });

  it("lists field errors whose text the message does not already hold", () => {
    const error = APIError.generate({
      status: 422,
      body: {
        code: "validation_failed",
        message: "Validation failed",
        errors: [
          { code: "too_long", message: "too long", path: ["metadata", "k"] },
          { code: "required", message: "required", path: ["permissions", 0] },
        ],
      },
      headers: {},
      method: "POST",
      path: "/roles",
    });
    expect(error.message).toBe(
      "422 validation_failed: Validation failed: too long (metadata.k); required (permissions[0]) [POST /roles]",
    );
  });

  it("reads a body that is not the error envelope", () => {
    const error = APIError.generate({ status: 502, body: "<html>Bad gateway</html>", headers: {}, requestId: "req_1" });
    expect(error.code).toBe("http_502");
    expect(error.message).toBe("502 http_502: <html>Bad gateway</html> [request req_1]");
    expect(error.mayHaveBeenProcessed).toBe(true);
  });
});
