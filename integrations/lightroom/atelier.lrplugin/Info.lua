--[[
Atelier for Lightroom Classic: a publish service that keeps a category of an Atelier site in step
with a published collection, through the site's API and a personal access token.
See docs/lightroom.md in Atelier's repository.
]]

return {
  LrSdkVersion = 10.0,
  -- Every callback it uses (publish services, collection settings, comments) is in SDK 3 and later.
  LrSdkMinimumVersion = 6.0,
  LrToolkitIdentifier = 'site.atelier.lightroom.publish',
  LrPluginName = 'Atelier',
  LrExportServiceProvider = {
    title = 'Atelier',
    file = 'AtelierPublishServiceProvider.lua',
  },
  LrPluginInfoProvider = 'AtelierPluginInfoProvider.lua',
  VERSION = { major = 1, minor = 0, revision = 0, build = 1 },
}
