// Expanders for the parameter lists of the two directions (DASH_BWD_PARAMS in bwd/bwd_params.h,
// DASH_FWD_PARAMS in fwd/fwd_params.h): each list entry is X(type, name, default), and the params
// struct, its Python attributes and the tuple of its field names are all expanded from it.
#pragma once

// A struct member with its default.
#define DASH_DECLARE_PARAM(type, name, init) type name = init;
// The field's name as a string, for the binding's list of field names.
#define DASH_PARAM_NAME(type, name, init) #name,
