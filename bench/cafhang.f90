! placeholder: filled by the bench change
