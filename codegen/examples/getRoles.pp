# Every role of the environment, built in and custom.
roles = invoke("tcs:index:getRoles", {})

output firstRoleSlug {
  value = roles.items[0].slug
}
