import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// Every role of the environment, built in and custom.
const roles = tcs.getRolesOutput({});
export const firstRoleSlug = roles.items[0].slug;
