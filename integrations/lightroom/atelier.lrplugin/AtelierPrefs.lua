--[[
The plug-in's own preferences (Plug-in Manager → Atelier), kept by Lightroom for every catalog:
what a client's pick does to the photo in the catalog when comments are fetched.
]]

local LrPrefs = import 'LrPrefs'

local AtelierPrefs = {}

AtelierPrefs.PICK_ACTIONS = { 'nothing', 'rating', 'label' }
AtelierPrefs.LABELS = { 'Red', 'Yellow', 'Green', 'Blue', 'Purple' }

--- The preferences, with their defaults filled in: picks change nothing until the owner says so.
function AtelierPrefs.get()
  local prefs = LrPrefs.prefsForPlugin()
  if prefs.applyPicksAs == nil then prefs.applyPicksAs = 'nothing' end
  if prefs.pickRating == nil then prefs.pickRating = 5 end
  if prefs.pickLabel == nil then prefs.pickLabel = 'Green' end
  return prefs
end

return AtelierPrefs
