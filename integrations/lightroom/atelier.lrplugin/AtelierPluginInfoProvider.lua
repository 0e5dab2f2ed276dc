--[[
The plug-in's section in Lightroom's Plug-in Manager: what a client's pick does to the photo in
the catalog when "Refresh" in the Comments panel (or a publish) brings the picks back.
]]

local LrView = import 'LrView'

local AtelierPrefs = require 'AtelierPrefs'

local bind = LrView.bind

local function sectionsForTopOfDialog(f, _propertyTable)
  local prefs = AtelierPrefs.get()
  local labels = {}
  for _, label in ipairs(AtelierPrefs.LABELS) do labels[#labels + 1] = { title = label, value = label } end
  local ratings = {}
  for stars = 1, 5 do ratings[#ratings + 1] = { title = string.rep('★', stars), value = stars } end
  return {
    {
      title = 'Client picks',
      bind_to_object = prefs,
      f:row {
        f:static_text { title = 'When a client picks a photo in a gallery link:', alignment = 'right', width = LrView.share 'atelierLabel' },
        f:popup_menu {
          value = bind 'applyPicksAs',
          items = {
            { title = 'Show it in the Comments panel only', value = 'nothing' },
            { title = 'Also give the photo a rating', value = 'rating' },
            { title = 'Also give the photo a colour label', value = 'label' },
          },
        },
      },
      f:row {
        f:static_text { title = 'Rating:', alignment = 'right', width = LrView.share 'atelierLabel' },
        f:popup_menu { value = bind 'pickRating', items = ratings, enabled = LrView.bind { key = 'applyPicksAs', transform = function(value) return value == 'rating' end } },
      },
      f:row {
        f:static_text { title = 'Colour label:', alignment = 'right', width = LrView.share 'atelierLabel' },
        f:popup_menu { value = bind 'pickLabel', items = labels, enabled = LrView.bind { key = 'applyPicksAs', transform = function(value) return value == 'label' end } },
      },
      f:static_text {
        title = 'A colour label is set by its name in your catalog\'s label set (Lightroom\'s default set names them Red … Purple). A photo no longer picked keeps what it was given.',
        fill_horizontal = 1,
        height_in_lines = 2,
      },
    },
  }
end

return {
  sectionsForTopOfDialog = sectionsForTopOfDialog,
}
