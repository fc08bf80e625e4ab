/* placeholder: filled by the plugin's implementation */
